import {
  AGE_GROUPS,
  engagementRate,
  percentChange,
  type AnalyticsDemographics,
  type AnalyticsOverview,
  type AnalyticsTimePoint,
  type AnalyticsTopContent,
} from '@myworld/schemas';
import type { CreatorHour, HourSpan, PostActivity } from '@myworld/projections';

/** Views, likes and comments of some hours. Unlikes and deleted comments count against their own hour, so a window's net is at least 0. */
export interface Totals {
  readonly views: number;
  readonly likes: number;
  readonly comments: number;
}

const within = (span: HourSpan) => (h: CreatorHour) => h.hour >= span.from && h.hour < span.to;

export function totalsOf(hours: readonly CreatorHour[], span: HourSpan): Totals {
  const inSpan = hours.filter(within(span));
  const sum = (field: 'views' | 'likes' | 'comments') =>
    Math.max(
      0,
      inSpan.reduce((n, h) => n + h[field], 0),
    );
  return { views: sum('views'), likes: sum('likes'), comments: sum('comments') };
}

/**
 * The overview: the window's totals, each with its percent change against the previous window
 * (see percentChange: from 0 it is 0, or null for new), and the follower count at the window's end with its
 * change since the window's start.
 */
export function overviewOf(
  current: Totals,
  previous: Totals,
  followers: { atStart: number; atEnd: number },
): AnalyticsOverview {
  return {
    totalViews: current.views,
    viewsChange: percentChange(previous.views, current.views),
    totalLikes: current.likes,
    likesChange: percentChange(previous.likes, current.likes),
    totalComments: current.comments,
    commentsChange: percentChange(previous.comments, current.comments),
    followerCount: followers.atEnd,
    followersChange: percentChange(followers.atStart, followers.atEnd),
    engagementRate: engagementRate(current.views, current.likes, current.comments),
  };
}

/** The chart: each point's sums (zero where nothing happened). */
export function seriesOf(hours: readonly CreatorHour[], points: readonly HourSpan[]): AnalyticsTimePoint[] {
  return points.map((point) => ({ at: point.from.toISOString(), ...totalsOf(hours, point) }));
}

export function topContentOf(posts: readonly PostActivity[]): AnalyticsTopContent[] {
  return posts.map((p) => ({
    id: p.postId,
    type: p.kind,
    ...(p.kind === 'video' ? { title: p.title ?? '' } : { content: p.content ?? '' }),
    createdAt: p.createdAt.toISOString(),
    views: Math.max(0, p.views),
    likes: Math.max(0, p.likes),
    comments: Math.max(0, p.comments),
    engagementRate: engagementRate(Math.max(0, p.views), Math.max(0, p.likes), Math.max(0, p.comments)),
  }));
}

const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/**
 * Shares of the window's views: age groups (all five, in order, once any viewer's age is known),
 * devices and the countries known, largest first. Empty where nothing is known.
 */
export function demographicsOf(
  rows: ReadonlyArray<{ dimension: string; value: string; views: number }>,
): AnalyticsDemographics {
  const of = (dimension: string) => rows.filter((r) => r.dimension === dimension && r.views > 0);
  const shares = (dimension: string) => {
    const chosen = of(dimension);
    const total = chosen.reduce((n, r) => n + r.views, 0);
    return chosen
      .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value))
      .map((r) => ({ value: r.value, percentage: percentOf(r.views, total) }));
  };
  const ages = of('age');
  const ageTotal = ages.reduce((n, r) => n + r.views, 0);
  return {
    ageGroups:
      ageTotal === 0
        ? []
        : AGE_GROUPS.map((range) => ({
            range,
            percentage: percentOf(ages.find((r) => r.value === range)?.views ?? 0, ageTotal),
          })),
    devices: shares('device').map((s) => ({ device: s.value, percentage: s.percentage })),
    countries: shares('country').map((s) => ({ country: s.value, percentage: s.percentage })),
  };
}

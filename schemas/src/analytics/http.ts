import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { AGE_GROUPS, DEFAULT_ANALYTICS_TIMEFRAME, analyticsTimeframe } from './rules.ts';

/** The HTTP bodies of /api/analytics. */

export const analyticsParams = z.object({ userId: z.uuid('the user id must be a UUID') });

/**
 * GET /api/analytics/{userId}: the timeframe (default 7d) and, for history, `asOf`: the window
 * ends at that time instead of now and only events up to it count (hour granularity: the hour
 * holding asOf counts whole).
 */
export const analyticsQuery = z.object({
  timeframe: analyticsTimeframe.default(DEFAULT_ANALYTICS_TIMEFRAME),
  asOf: z.iso.datetime({ offset: true, error: 'asOf must be an ISO date-time' }).optional(),
  /** The viewer's time zone (IANA): the chart's days are its calendar days. Default UTC. */
  timeZone: z
    .string()
    .max(64)
    .refine(isTimeZone, { error: 'timeZone must be an IANA time zone, such as Europe/Berlin' })
    .optional(),
});

/** Whether `name` is a time zone this runtime knows (IANA names such as Europe/Berlin, or UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
export type AnalyticsQuery = z.input<typeof analyticsQuery>;

export const analyticsImpact = z.enum(['high', 'medium', 'low']);
export type AnalyticsImpact = z.infer<typeof analyticsImpact>;

/**
 * The overview figures, plus comments (counted in the engagement rate). Changes are percents
 * against the previous window; null when the previous window had none (the figure is new).
 */
export const analyticsOverview = z.object({
  totalViews: z.number(),
  viewsChange: z.number().nullable(),
  totalLikes: z.number(),
  likesChange: z.number().nullable(),
  totalComments: z.number(),
  commentsChange: z.number().nullable(),
  followerCount: z.number(),
  followersChange: z.number().nullable(),
  engagementRate: z.number(),
});

/** One of the creator's posts with its figures in the window; `title` for videos (description), `content` for text posts. */
export const analyticsTopContent = z.object({
  id: z.string(),
  type: z.enum(['text', 'video']),
  title: z.string().optional(),
  content: z.string().optional(),
  createdAt: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  engagementRate: z.number(),
});

export const analyticsDemographics = z.object({
  ageGroups: z.array(z.object({ range: z.enum(AGE_GROUPS), percentage: z.number() })),
  devices: z.array(z.object({ device: z.string(), percentage: z.number() })),
  countries: z.array(z.object({ country: z.string(), percentage: z.number() })),
});

export const analyticsRecommendation = z.object({
  title: z.string(),
  description: z.string(),
  impact: analyticsImpact,
  actionable: z.boolean(),
});

/** One hour (24h) or one day (longer timeframes) of the chart, `at` being its start. */
export const analyticsTimePoint = z.object({
  at: z.string(),
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
});

/** The analytics response, plus the window it covers and the chart series. */
export const analyticsResponse = z.object({
  timeframe: analyticsTimeframe,
  /** The window's end as asked for (null: now). */
  asOf: z.string().nullable(),
  windowStart: z.string(),
  windowEnd: z.string(),
  generatedAt: z.string(),
  overview: analyticsOverview,
  topContent: z.array(analyticsTopContent),
  demographics: analyticsDemographics,
  recommendations: z.array(analyticsRecommendation),
  viewsOverTime: z.array(analyticsTimePoint),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponse>;
export type AnalyticsOverview = z.infer<typeof analyticsOverview>;
export type AnalyticsTopContent = z.infer<typeof analyticsTopContent>;
export type AnalyticsDemographics = z.infer<typeof analyticsDemographics>;
export type AnalyticsRecommendation = z.infer<typeof analyticsRecommendation>;
export type AnalyticsTimePoint = z.infer<typeof analyticsTimePoint>;

/** GET /api/analytics/access (admins): paged with `cursor` (the x-next-cursor of the previous page). */
export const analyticsAccessQuery = z.object({ cursor: pageCursor.optional() });

/** One analyst's read of another creator's analytics, newest first. */
export const analyticsAccess = z.object({
  viewerId: z.string(),
  viewerUsername: z.string().nullable(),
  creatorId: z.string(),
  creatorUsername: z.string().nullable(),
  timeframe: analyticsTimeframe,
  asOf: z.string().nullable(),
  viewedAt: z.string(),
});
export type AnalyticsAccess = z.infer<typeof analyticsAccess>;
export const analyticsAccessResponse = z.array(analyticsAccess);

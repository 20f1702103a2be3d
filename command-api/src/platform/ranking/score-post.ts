import type { FeedCandidateRow } from '@myworld/projections';

/**
 * The one scorer of posts: the For You feed, discover's category pages and recommendations all
 * rank with it, so a post that is "good for you" is good for the same reasons everywhere. Pure.
 */

/** What scoring needs of a candidate post (from the posts read model's row). */
export interface Candidate {
  readonly id: string;
  readonly authorId: string;
  readonly publishedAt: Date;
  /** Likes, comments and shares (weighted), decayed with a 24-hour half-life. */
  readonly engagementScore: number;
  /** Views, decayed the same way. */
  readonly viewScore: number;
}

/** A candidate from the posts read model's row (published posts only, so published_at is set). */
export const candidateOf = (row: FeedCandidateRow): Candidate => ({
  id: row.id,
  authorId: row.author_id,
  publishedAt: row.published_at!,
  engagementScore: row.engagement_score,
  viewScore: row.view_score,
});

/** What the viewer's history says about the candidates (empty sets for a visitor). */
export interface Viewer {
  readonly id: string;
  readonly followed: ReadonlySet<string>;
  /** How many of each author's posts the viewer has liked. */
  readonly affinity: ReadonlyMap<string, number>;
  readonly seen: ReadonlySet<string>;
}

/** Signals only recommendations have (the feed passes none, so they add nothing there). */
export interface ExtraSignals {
  /** The viewer's interest in the post's category, 0..1 of their strongest category. */
  readonly interest?: number;
  /** The post is in the trending set. */
  readonly trending?: boolean;
  /** Someone the viewer follows liked it. */
  readonly likedByFollowee?: boolean;
}

/** Each part of a score, so that callers explain it with the same numbers it was ranked by. */
export interface PostScore {
  readonly score: number;
  readonly ageHours: number;
  /** Likes, comments and shares per view, recent ones counting most, 0..1. */
  readonly velocity: number;
  /** The viewer's own post. */
  readonly own: boolean;
  /** By the viewer or by someone they follow. */
  readonly follows: boolean;
  /** The viewer has liked this author's posts before. */
  readonly likedAuthor: boolean;
  readonly seen: boolean;
  /** The feed's high_engagement test: velocity at or above HIGH_ENGAGEMENT. */
  readonly highEngagement: boolean;
}

/** Freshness halves every 24 hours. */
const FRESHNESS_HALF_LIFE_HOURS = 24;
/** Engagement per view: this many smoothing views keep one early like from looking viral. */
const VIEW_SMOOTHING = 3;
/** Velocity at or above this share of its ceiling reads as high engagement. */
export const HIGH_ENGAGEMENT = 0.5;
/** A post counts as fresh for this long. */
export const FRESH_HOURS = 24;
const WEIGHTS = {
  freshness: 1,
  velocity: 0.8,
  follows: 0.6,
  likedAuthor: 0.4,
  interest: 0.5,
  trending: 0.3,
  likedByFollowee: 0.3,
} as const;

/**
 * Scores one candidate for one viewer at `now`: freshness (halving daily), engagement velocity,
 * affinity (following the author, having liked their posts) and, when given, interest in its
 * category, being trending and being liked by a followee.
 */
export function scorePost(c: Candidate, viewer: Viewer, now: Date, extra: ExtraSignals = {}): PostScore {
  const ageHours = Math.max(0, (now.getTime() - c.publishedAt.getTime()) / 3_600_000);
  const freshness = 2 ** (-ageHours / FRESHNESS_HALF_LIFE_HOURS);
  const perView = c.engagementScore / (c.viewScore + VIEW_SMOOTHING);
  const velocity = perView / (perView + 1); // 0..1
  const own = c.authorId === viewer.id;
  const follows = own || viewer.followed.has(c.authorId);
  const likedPosts = viewer.affinity.get(c.authorId) ?? 0;
  const likedAuthor = likedPosts > 0 ? Math.min(1, likedPosts / 5) : 0;
  const score =
    WEIGHTS.freshness * freshness +
    WEIGHTS.velocity * velocity +
    WEIGHTS.follows * (follows ? 1 : 0) +
    WEIGHTS.likedAuthor * likedAuthor +
    WEIGHTS.interest * Math.min(1, Math.max(0, extra.interest ?? 0)) +
    WEIGHTS.trending * (extra.trending ? 1 : 0) +
    WEIGHTS.likedByFollowee * (extra.likedByFollowee ? 1 : 0);
  return {
    score,
    ageHours,
    velocity,
    own,
    follows,
    likedAuthor: likedAuthor > 0,
    seen: viewer.seen.has(c.id),
    highEngagement: velocity >= HIGH_ENGAGEMENT,
  };
}

/** Best first; ties by id, so an order never depends on the input's. */
export const byScore = (a: { score: number; id: string }, b: { score: number; id: string }) =>
  b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Unseen before seen, each best first (what the viewer has seen sinks, however well it scores). */
export function sortUnseenFirst<T extends { score: number; id: string; seen: boolean }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Number(a.seen) - Number(b.seen) || byScore(a, b));
}

/** A viewer with no history (a visitor). */
export const anonymousViewer = (id = ''): Viewer => ({ id, followed: new Set(), affinity: new Map(), seen: new Set() });

import { sql, type RawBuilder } from 'kysely';
import type { ProjectionContext } from '../../projection.ts';
import type { PostsDb } from './posts.tables.ts';

/** Engagement velocity forgets with this half-life: yesterday's likes count half as much as today's. */
export const SCORE_HALF_LIFE_SECONDS = 24 * 3600;
/** How much each kind of engagement says about a post, per the effort it takes. */
export const ENGAGEMENT_WEIGHTS = { like: 1, comment: 2, share: 3 } as const;

export interface PostCountChange {
  readonly likes?: number;
  readonly comments?: number;
  readonly shares?: number;
  readonly views?: number;
  /** Added to the decayed engagement score (negative for an unlike; the score never goes below 0). */
  readonly engagement?: number;
}

/** The columns a change moves, in the order postCountsAfter's values are listed in SQL. */
export const POST_COUNT_COLUMNS = [
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
  'engagement_score',
  'view_score',
  'scores_at',
] as const;
type PostCountColumn = (typeof POST_COUNT_COLUMNS)[number];

/**
 * A post's counters and scores after one change, as SQL expressions over `row` (the alias of a
 * row with the posts columns), the change's time `at` and its amounts `change`: both scores are
 * decayed to `at` before adding, counters and the engagement score clamped at 0. One builder for
 * changePostCounts (moderation's changes) and the engagement runs (which fold a run's steps with
 * it), so that both compute a post's counters with the same expression.
 */
export function postCountsAfter(
  row: string,
  at: RawBuilder<unknown>,
  change: Readonly<Record<keyof PostCountChange, RawBuilder<unknown>>>,
): Record<PostCountColumn, RawBuilder<unknown>> {
  const column = (name: PostCountColumn) => sql.ref(`${row}.${name}`);
  const decay = sql`power(0.5, greatest(0, extract(epoch from (${at} - ${column('scores_at')}))) / ${SCORE_HALF_LIFE_SECONDS})`;
  return {
    like_count: sql`greatest(0, ${column('like_count')} + ${change.likes})`,
    comment_count: sql`greatest(0, ${column('comment_count')} + ${change.comments})`,
    share_count: sql`greatest(0, ${column('share_count')} + ${change.shares})`,
    view_count: sql`greatest(0, ${column('view_count')} + ${change.views})`,
    engagement_score: sql`greatest(0, ${column('engagement_score')} * ${decay} + ${change.engagement})`,
    view_score: sql`${column('view_score')} * ${decay} + ${change.views}`,
    scores_at: sql`greatest(${column('scores_at')}, ${at})`,
  };
}

/**
 * Moves a post's counters and decays both scores to `at` before adding, in one statement. A post
 * that is gone (deleted) is simply not there, so late engagement changes nothing. Event times (not
 * the clock) drive the decay, so a replay computes the same scores.
 */
export async function changePostCounts(
  { tx, schema }: ProjectionContext<PostsDb>,
  postId: string,
  at: string,
  change: PostCountChange,
): Promise<void> {
  const after = postCountsAfter('p', sql`${at}::timestamptz`, {
    likes: sql.val(change.likes ?? 0),
    comments: sql.val(change.comments ?? 0),
    shares: sql.val(change.shares ?? 0),
    views: sql.val(change.views ?? 0),
    engagement: sql.val(change.engagement ?? 0),
  });
  await sql`
    update ${sql.id(schema, 'posts')} as p set ${sql.join(POST_COUNT_COLUMNS.map((c) => sql`${sql.ref(c)} = ${after[c]}`))}
    where p.id = ${postId}`.execute(tx);
}

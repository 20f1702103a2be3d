import { sql } from 'kysely';
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

/**
 * Moves a post's counters and decays both scores to `at` before adding, in one statement. A post
 * that is gone (deleted) is simply not there, so late engagement changes nothing. Event times (not
 * the clock) drive the decay, so a replay computes the same scores.
 */
export async function changePostCounts({ tx, schema }: ProjectionContext<PostsDb>, postId: string, at: string, change: PostCountChange): Promise<void> {
  const decay = sql`power(0.5, greatest(0, extract(epoch from (${at}::timestamptz - scores_at))) / ${SCORE_HALF_LIFE_SECONDS})`;
  await sql`
    update ${sql.id(schema, 'posts')} set
      like_count = greatest(0, like_count + ${change.likes ?? 0}),
      comment_count = greatest(0, comment_count + ${change.comments ?? 0}),
      share_count = greatest(0, share_count + ${change.shares ?? 0}),
      view_count = greatest(0, view_count + ${change.views ?? 0}),
      engagement_score = greatest(0, engagement_score * ${decay} + ${change.engagement ?? 0}),
      view_score = view_score * ${decay} + ${change.views ?? 0},
      scores_at = greatest(scores_at, ${at}::timestamptz)
    where id = ${postId}`.execute(tx);
}

/** Whether the post is in the read model (published or, for its author, still processing). */
export async function postExists({ db }: ProjectionContext<PostsDb>, postId: string): Promise<boolean> {
  return (await db.selectFrom('posts').select('id').where('id', '=', postId).executeTakeFirst()) !== undefined;
}

import { sql } from 'kysely';
import type { ProjectionHandlers } from '../../projection.ts';
import { creditPost } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

/**
 * Engagement taken back: an unlike or a deleted comment takes back exactly what it added (at the
 * time it was added), so liking and unliking over and over trends nothing. (What adds is applied
 * in runs: engagement.runs.ts.)
 */
export const engagementHandlers: ProjectionHandlers<TrendingDb> = {
  PostUnliked: async (ctx, { data: d }) => {
    const { tx, schema } = ctx;
    const removed = await sql<{
      liked_at: Date;
    }>`delete from ${sql.id(schema, 'trending_likes')} where post_id = ${d.postId} and user_id = ${d.userId} returning liked_at`.execute(
      tx,
    );
    const like = removed.rows[0];
    if (like) await creditPost(ctx, d.postId, TRENDING_WEIGHTS.like, like.liked_at.toISOString(), -1);
  },
  CommentDeleted: async (ctx, { data: d }) => {
    const { tx, schema } = ctx;
    const removed = await sql<{
      created_at: Date;
    }>`delete from ${sql.id(schema, 'trending_comments')} where comment_id = ${d.commentId} returning created_at`.execute(
      tx,
    );
    const comment = removed.rows[0];
    if (comment) await creditPost(ctx, d.postId, TRENDING_WEIGHTS.comment, comment.created_at.toISOString(), -1);
  },
};

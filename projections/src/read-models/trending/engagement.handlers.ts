import { sql } from 'kysely';
import type { ProjectionHandlers } from '../../projection.ts';
import { creditPost } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

/**
 * Engagement velocity: each like, comment, share and view adds to its post's key and its author's
 * at the event's time. An unlike or a deleted comment takes back exactly what it added (at the
 * time it was added), so liking and unliking over and over trends nothing.
 */
export const engagementHandlers: ProjectionHandlers<TrendingDb> = {
  PostLiked: async (ctx, { data: d }) => {
    const { tx, schema } = ctx;
    const inserted = await sql`insert into ${sql.id(schema, 'trending_likes')} (post_id, user_id, liked_at)
      select id, ${d.userId}, ${d.likedAt}::timestamptz from ${sql.id(schema, 'trending_posts')} where id = ${d.postId}
      on conflict do nothing`.execute(tx);
    if (Number(inserted.numAffectedRows ?? 0) > 0) await creditPost(ctx, d.postId, TRENDING_WEIGHTS.like, d.likedAt);
  },
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
  CommentAdded: async (ctx, { data: d }) => {
    const { tx, schema } = ctx;
    const inserted = await sql`insert into ${sql.id(schema, 'trending_comments')} (comment_id, post_id, created_at)
      select ${d.commentId}, id, ${d.createdAt}::timestamptz from ${sql.id(schema, 'trending_posts')} where id = ${d.postId}
      on conflict do nothing`.execute(tx);
    if (Number(inserted.numAffectedRows ?? 0) > 0)
      await creditPost(ctx, d.postId, TRENDING_WEIGHTS.comment, d.createdAt);
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
  PostShared: async (ctx, { data: d }) => creditPost(ctx, d.postId, TRENDING_WEIGHTS.share, d.sharedAt),
  PostViewed: async (ctx, { data: d }) => creditPost(ctx, d.postId, TRENDING_WEIGHTS.view, d.viewedAt),
};

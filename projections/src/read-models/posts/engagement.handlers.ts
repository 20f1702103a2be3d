import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { ENGAGEMENT_WEIGHTS, changePostCounts, postExists } from './post-scores.ts';
import type { PostsDb } from './posts.tables.ts';

/**
 * Likes, comments, shares and views: the counters and scores on the post row, who liked what, the
 * comments themselves, what each viewer has seen and how much they like each author. Engagement
 * with a post that is gone changes nothing.
 */
export const engagementHandlers: ProjectionHandlers<PostsDb> = {
  PostLiked: async (ctx, { data: d }) => {
    if (!(await postExists(ctx, d.postId))) return;
    const inserted = await ctx.db
      .insertInto('post_likes')
      .values({ post_id: d.postId, user_id: d.userId, liked_at: new Date(d.likedAt) })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await changePostCounts(ctx, d.postId, d.likedAt, { likes: 1, engagement: ENGAGEMENT_WEIGHTS.like });
    await changeAffinity(ctx, d.userId, d.authorId, 1);
  },
  PostUnliked: async (ctx, { data: d }) => {
    const removed = await ctx.db
      .deleteFrom('post_likes')
      .where('post_id', '=', d.postId)
      .where('user_id', '=', d.userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return;
    await changePostCounts(ctx, d.postId, d.unlikedAt, { likes: -1, engagement: -ENGAGEMENT_WEIGHTS.like });
    await changeAffinity(ctx, d.userId, d.authorId, -1);
  },
  CommentAdded: async (ctx, { data: d }) => {
    if (!(await postExists(ctx, d.postId))) return;
    await ctx.db
      .insertInto('post_comments')
      .values({
        id: d.commentId,
        post_id: d.postId,
        author_id: d.authorId,
        content: d.content,
        created_at: new Date(d.createdAt),
        hidden: false,
      })
      .execute();
    await changePostCounts(ctx, d.postId, d.createdAt, { comments: 1, engagement: ENGAGEMENT_WEIGHTS.comment });
  },
  CommentDeleted: async (ctx, { data: d }) => deleteComment(ctx, d.commentId, d.deletedAt),
  PostShared: async (ctx, { data: d }) => {
    await changePostCounts(ctx, d.postId, d.sharedAt, { shares: 1, engagement: ENGAGEMENT_WEIGHTS.share });
  },
  PostViewed: async (ctx, { data: d }) => {
    if (!(await postExists(ctx, d.postId))) return;
    await changePostCounts(ctx, d.postId, d.viewedAt, { views: 1 });
    const seenAt = new Date(d.viewedAt);
    await ctx.db
      .insertInto('viewer_seen')
      .values({ user_id: d.viewerId, post_id: d.postId, seen_at: seenAt })
      .onConflict((oc) => oc.columns(['user_id', 'post_id']).doUpdateSet({ seen_at: seenAt }))
      .execute();
  },
};

/** A deleted (or removed) comment leaves the list and its post's counters. */
export async function deleteComment(ctx: ProjectionContext<PostsDb>, commentId: string, at: string): Promise<void> {
  // A suspended user's parked comment counts nowhere: it just goes.
  await ctx.db.deleteFrom('suspended_comments').where('id', '=', commentId).execute();
  const removed = await ctx.db
    .deleteFrom('post_comments')
    .where('id', '=', commentId)
    .returning('post_id')
    .executeTakeFirst();
  if (!removed) return;
  await changePostCounts(ctx, removed.post_id, at, { comments: -1, engagement: -ENGAGEMENT_WEIGHTS.comment });
}

async function changeAffinity(
  { tx, schema }: Parameters<NonNullable<ProjectionHandlers<PostsDb>['PostLiked']>>[0],
  userId: string,
  authorId: string,
  by: 1 | -1,
): Promise<void> {
  // One's own posts say nothing about taste.
  if (userId === authorId) return;
  await sql`
    insert into ${sql.id(schema, 'author_affinity')} as a (user_id, author_id, likes) values (${userId}, ${authorId}, greatest(0, ${by}))
    on conflict (user_id, author_id) do update set likes = greatest(0, a.likes + ${by})`.execute(tx);
}

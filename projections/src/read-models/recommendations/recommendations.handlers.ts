import { isPostContentType } from '@myworld/schemas';
import type { ProjectionHandlers } from '../../projection.ts';
import { INTEREST_WEIGHTS, changeInterest, countInteraction } from './interest-profile.ts';
import type { RecommendationsDb } from './recommendations.tables.ts';

/**
 * Interest profiles from the log, at the events' own times. Posts: the category of each video
 * (a deleted one leaves the map, so later engagement with it changes nothing; interest it earned
 * before stays, it was real) and each post counts as the author's activity. Engagement: interest
 * in the post's category, and the user's activity (hour and mix). Unlikes and deleted comments
 * take their interest back; the activity happened and stays counted.
 */
export const recommendationsHandlers: ProjectionHandlers<RecommendationsDb> = {
  VideoPostSubmitted: async (ctx, { data: d }) => {
    if (d.category !== 'none')
      await ctx.db
        .insertInto('post_categories')
        .values({ post_id: d.postId, author_id: d.authorId, category: d.category })
        .onConflict((oc) => oc.doNothing())
        .execute();
    await countInteraction(ctx, d.authorId, d.createdAt, 'posts');
  },
  TextPostCreated: async (ctx, { data: d }) => {
    await countInteraction(ctx, d.authorId, d.createdAt, 'posts');
  },
  PostDeleted: async ({ db }, { data: d }) => {
    await db.deleteFrom('post_categories').where('post_id', '=', d.postId).execute();
  },
  // A post a moderator removed leaves as a deleted one does; a removed (suspended) user's stay,
  // flagged (engagement with them counts for nothing), until an admin reinstates them.
  ContentRemoved: async ({ db }, { data: d }) => {
    if (isPostContentType(d.contentType))
      await db.deleteFrom('post_categories').where('post_id', '=', d.contentId).execute();
    if (d.contentType === 'user')
      await db.updateTable('post_categories').set({ suspended: true }).where('author_id', '=', d.contentId).execute();
  },
  AccountReinstated: async ({ db }, { data: d }) => {
    await db.updateTable('post_categories').set({ suspended: false }).where('author_id', '=', d.userId).execute();
  },
  // A deleted account's videos leave as a suspended user's do, and their interest profile with them.
  AccountDeleted: async ({ db }, { data: d }) => {
    await db.deleteFrom('post_categories').where('author_id', '=', d.userId).execute();
    await db.deleteFrom('category_interest').where('user_id', '=', d.userId).execute();
    await db.deleteFrom('active_hours').where('user_id', '=', d.userId).execute();
    await db.deleteFrom('interaction_mix').where('user_id', '=', d.userId).execute();
  },
  PostViewed: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.viewerId, d.postId, d.viewedAt, INTEREST_WEIGHTS.view);
    await countInteraction(ctx, d.viewerId, d.viewedAt, 'views');
  },
  PostLiked: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.userId, d.postId, d.likedAt, INTEREST_WEIGHTS.like);
    await countInteraction(ctx, d.userId, d.likedAt, 'likes');
  },
  PostUnliked: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.userId, d.postId, d.unlikedAt, -INTEREST_WEIGHTS.like);
  },
  CommentAdded: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.authorId, d.postId, d.createdAt, INTEREST_WEIGHTS.comment);
    await countInteraction(ctx, d.authorId, d.createdAt, 'comments');
  },
  CommentDeleted: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.authorId, d.postId, d.deletedAt, -INTEREST_WEIGHTS.comment);
  },
  PostShared: async (ctx, { data: d }) => {
    await changeInterest(ctx, d.userId, d.postId, d.sharedAt, INTEREST_WEIGHTS.share);
    await countInteraction(ctx, d.userId, d.sharedAt, 'shares');
  },
};

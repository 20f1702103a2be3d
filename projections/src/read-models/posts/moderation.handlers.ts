import { isPostContentType, type ContentType } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { dropFollowEdges } from '../../read-model-parts/follow-edges.ts';
import { deletePost } from './content.handlers.ts';
import { ENGAGEMENT_WEIGHTS, changePostCounts } from './post-scores.ts';
import type { PostsDb } from './posts.tables.ts';

type Ctx = ProjectionContext<PostsDb>;

/** A deleted (or removed) comment leaves the list and its post's counters. */
async function deleteComment(ctx: Ctx, commentId: string, at: string): Promise<void> {
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

/** A deleted user's posts and comments go, each the way its deletion goes. */
async function removeUserContent(ctx: Ctx, userId: string, at: string): Promise<void> {
  const posts = await ctx.db.selectFrom('posts').select('id').where('author_id', '=', userId).orderBy('id').execute();
  for (const { id } of posts) await deletePost(ctx.db, id);
  // Read after the posts went: deletePost took the comments on them (their own among them).
  const comments = await ctx.db
    .selectFrom('post_comments')
    .select('id')
    .where('author_id', '=', userId)
    .orderBy('id')
    .execute();
  for (const { id } of comments) await deleteComment(ctx, id, at);
  await ctx.db.deleteFrom('suspended_comments').where('author_id', '=', userId).execute();
}

/**
 * A user hidden pending review or suspended takes their posts out of grids and feeds with their
 * profile (author_hidden), apart from what hid each post itself, until restored or reinstated.
 */
async function setAuthorState(
  { db }: Ctx,
  userId: string,
  change: { hidden: boolean } | { suspended: boolean },
): Promise<void> {
  const author = await db
    .updateTable('authors')
    .set(change)
    .where('user_id', '=', userId)
    .returning(['hidden', 'suspended'])
    .executeTakeFirst();
  const hidden = author ? author.hidden || author.suspended : 'hidden' in change ? change.hidden : change.suspended;
  await db.updateTable('posts').set({ author_hidden: hidden }).where('author_id', '=', userId).execute();
}

async function setHidden(ctx: Ctx, contentType: ContentType, contentId: string, hidden: boolean): Promise<void> {
  if (isPostContentType(contentType))
    await ctx.db.updateTable('posts').set({ post_hidden: hidden }).where('id', '=', contentId).execute();
  if (contentType === 'comment') {
    await ctx.db.updateTable('post_comments').set({ hidden }).where('id', '=', contentId).execute();
    await ctx.db.updateTable('suspended_comments').set({ hidden }).where('id', '=', contentId).execute();
  }
  if (contentType === 'user') await setAuthorState(ctx, contentId, { hidden });
}

/**
 * A suspended user's posts are hidden and their comments parked (out of lists and counts, as
 * deleted ones), so that a reinstatement shows them again.
 */
async function suspendUser(ctx: Ctx, userId: string, at: string): Promise<void> {
  await setAuthorState(ctx, userId, { suspended: true });
  const parked = await ctx.db.deleteFrom('post_comments').where('author_id', '=', userId).returningAll().execute();
  if (parked.length === 0) return;
  await ctx.db
    .insertInto('suspended_comments')
    .values(parked)
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  for (const c of parked.sort(byId))
    await changePostCounts(ctx, c.post_id, at, { comments: -1, engagement: -ENGAGEMENT_WEIGHTS.comment });
}

/** A reinstated user's posts show again, and their parked comments return to the posts still there. */
async function reinstateUser(ctx: Ctx, userId: string, at: string): Promise<void> {
  await setAuthorState(ctx, userId, { suspended: false });
  const parked = await ctx.db.deleteFrom('suspended_comments').where('author_id', '=', userId).returningAll().execute();
  const postIds = [...new Set(parked.map((c) => c.post_id))];
  const there =
    postIds.length === 0 ? [] : await ctx.db.selectFrom('posts').select('id').where('id', 'in', postIds).execute();
  const live = new Set(there.map((p) => p.id));
  const back = parked.filter((c) => live.has(c.post_id)).sort(byId);
  if (back.length === 0) return;
  await ctx.db.insertInto('post_comments').values(back).execute();
  for (const c of back)
    await changePostCounts(ctx, c.post_id, at, { comments: 1, engagement: ENGAGEMENT_WEIGHTS.comment });
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Moderation: removed posts and comments go as deleted ones do (and a suspended user's comments
 * with them); hidden ones, a hidden user's posts and a suspended user's posts stay, flagged, so
 * their author still sees them, until restored (or reinstated). A deleted account goes with its
 * posts, comments, author card and follows.
 */
export const moderationHandlers: ProjectionHandlers<PostsDb> = {
  ContentRemoved: async (ctx, { data: d }) => {
    if (isPostContentType(d.contentType)) await deletePost(ctx.db, d.contentId);
    if (d.contentType === 'comment') await deleteComment(ctx, d.contentId, d.removedAt);
    if (d.contentType === 'user') await suspendUser(ctx, d.contentId, d.removedAt);
  },
  AccountReinstated: async (ctx, { data: d }) => reinstateUser(ctx, d.userId, d.reinstatedAt),
  AccountDeleted: async (ctx, { data: d }) => {
    await removeUserContent(ctx, d.userId, d.deletedAt);
    await ctx.db.deleteFrom('authors').where('user_id', '=', d.userId).execute();
    await dropFollowEdges(ctx, d.userId);
  },
  ContentHidden: async (ctx, { data: d }) => setHidden(ctx, d.contentType, d.contentId, true),
  ContentRestored: async (ctx, { data: d }) => setHidden(ctx, d.contentType, d.contentId, false),
};

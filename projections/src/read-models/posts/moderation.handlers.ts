import { isPostContentType, type ContentType } from '@myworld/schemas';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { dropFollowEdges } from '../../read-model-parts/follow-edges.ts';
import { deletePost } from './content.handlers.ts';
import { deleteComment } from './engagement.handlers.ts';
import type { PostsDb } from './posts.tables.ts';

type Ctx = ProjectionContext<PostsDb>;

/** A suspended or deleted user's posts and comments go, each the way its deletion goes. */
async function removeUserContent(ctx: Ctx, userId: string, at: string): Promise<void> {
  const posts = await ctx.db.selectFrom('posts').select('id').where('author_id', '=', userId).orderBy('id').execute();
  for (const { id } of posts) await deletePost(ctx.db, id);
  // Read after the posts went: deletePost took the comments on them (their own among them).
  const comments = await ctx.db.selectFrom('post_comments').select('id').where('author_id', '=', userId).orderBy('id').execute();
  for (const { id } of comments) await deleteComment(ctx, id, at);
}

async function setHidden({ db }: Ctx, contentType: ContentType, contentId: string, hidden: boolean): Promise<void> {
  if (isPostContentType(contentType)) await db.updateTable('posts').set({ hidden }).where('id', '=', contentId).execute();
  if (contentType === 'comment') await db.updateTable('post_comments').set({ hidden }).where('id', '=', contentId).execute();
}

/**
 * Moderation: removed posts and comments go as deleted ones do (and a suspended user's with them);
 * hidden ones stay, flagged, so their author still sees them, until restored. A deleted account goes
 * the way a suspended one does, and with it their author card and follows.
 */
export const moderationHandlers: ProjectionHandlers<PostsDb> = {
  ContentRemoved: async (ctx, { data: d }) => {
    if (isPostContentType(d.contentType)) await deletePost(ctx.db, d.contentId);
    if (d.contentType === 'comment') await deleteComment(ctx, d.contentId, d.removedAt);
    if (d.contentType === 'user') await removeUserContent(ctx, d.contentId, d.removedAt);
  },
  AccountDeleted: async (ctx, { data: d }) => {
    await removeUserContent(ctx, d.userId, d.deletedAt);
    await ctx.db.deleteFrom('authors').where('user_id', '=', d.userId).execute();
    await dropFollowEdges(ctx, d.userId);
  },
  ContentHidden: async (ctx, { data: d }) => setHidden(ctx, d.contentType, d.contentId, true),
  ContentRestored: async (ctx, { data: d }) => setHidden(ctx, d.contentType, d.contentId, false),
};

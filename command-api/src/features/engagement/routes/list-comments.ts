import {
  COMMENTS_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  POST_MESSAGES,
  commentsQuery,
  commentsResponse,
  postIdParam,
} from '@myworld/schemas';
import { commentsPage, postEngagement, type PostsDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { engagementRoute } from '../context.ts';

/** A post's comments, newest first, a page at a time (from the posts read model). */
export const listComments = engagementRoute({
  method: 'GET',
  url: '/api/posts/:id/comments',
  summary: "A post's comments",
  description: `Newest first, ${COMMENTS_PAGE_SIZE} a page; the next page's cursor comes in ${NEXT_CURSOR_HEADER} (absent on the last page) and goes back as ?cursor=. 404 "Post not found" for an unknown, deleted or removed post, and for a post hidden by moderation (except to its author); 400 naming cursor for a cursor this list did not give out.`,
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { params: postIdParam, querystring: commentsQuery, response: { 200: commentsResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const before = decodePageCursor(request.query.cursor);
    const db = await ctx.readModels.query<PostsDb>('posts');
    const post = await postEngagement(db, request.params.id);
    // A video still processing (or failed), and a post hidden by moderation, is its author's alone.
    if (!post || ((post.status !== 'published' || post.hidden) && post.authorId !== userId))
      throw new DomainError('not_found', POST_MESSAGES.notFound, 404, 'id');
    const rows = await commentsPage(db, post.postId, { limit: COMMENTS_PAGE_SIZE + 1, ...(before ? { before } : {}) });
    const { page, next } = splitPage(rows, COMMENTS_PAGE_SIZE, (row) => row.pageKey);
    setNextCursor(reply, next);
    return page.map(({ pageKey: _pageKey, ...comment }) => comment);
  },
});

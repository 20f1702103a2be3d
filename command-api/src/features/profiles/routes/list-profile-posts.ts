import { profilePosts, type PostsDb } from '@myworld/projections';
import { profileListQuery, profilePostsResponse } from '@myworld/schemas';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { profilesRoute } from '../context.ts';
import { userIdParam } from '../user-id-param.ts';

const PAGE_SIZE = 30;

/** A profile's Posts tab: every post (text posts as their card), newest first. */
export const listProfilePosts = profilesRoute({
  method: 'GET',
  url: '/api/users/:id/posts',
  summary: "List a user's posts",
  description:
    "Text posts and videos, newest first; the author also sees their processing, failed and hidden posts. 30 per page, the next page's cursor in X-Next-Cursor.",
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { params: userIdParam, querystring: profileListQuery, response: { 200: profilePostsResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const before = decodePageCursor(request.query.cursor);
    const rows = await profilePosts(await ctx.readModels.query<PostsDb>('posts'), request.params.id, userId, {
      ...(before ? { before } : {}),
      limit: PAGE_SIZE + 1,
    });
    const { page, next } = splitPage(rows, PAGE_SIZE, (r) => r.pageKey);
    setNextCursor(reply, next);
    return page.map(({ pageKey: _key, ...post }) => post);
  },
});

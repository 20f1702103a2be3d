import { profilePhotos, type PostsDb } from '@myworld/projections';
import { profileListQuery, profilePhotosResponse } from '@myworld/schemas';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { profilesRoute } from '../context.ts';
import { userIdParam } from '../user-id-param.ts';

const PAGE_SIZE = 30;

/** A profile's Photos tab: its text posts with a photo, newest first. */
export const listProfilePhotos = profilesRoute({
  method: 'GET',
  url: '/api/users/:id/photos',
  summary: "List a user's photos",
  description: "30 per page, the next page's cursor in X-Next-Cursor.",
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { params: userIdParam, querystring: profileListQuery, response: { 200: profilePhotosResponse } },
  handler: async ({ request, reply, ctx }) => {
    const before = decodePageCursor(request.query.cursor);
    const rows = await profilePhotos(await ctx.readModels.query<PostsDb>('posts'), request.params.id, {
      ...(before ? { before } : {}),
      limit: PAGE_SIZE + 1,
    });
    const { page, next } = splitPage(rows, PAGE_SIZE, (r) => r.pageKey);
    setNextCursor(reply, next);
    return page.map(({ pageKey: _key, ...photo }) => photo);
  },
});

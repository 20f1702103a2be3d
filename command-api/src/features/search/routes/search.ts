import { NEXT_CURSOR_HEADER, searchQuery, searchResponse } from '@myworld/schemas';
import { searchRoute } from '../context.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../search-cursor.ts';
import { searchPage } from '../search-page.ts';

/** The search box: users, videos, text posts and hashtags matching `q`, ranked, paged by X-Next-Cursor. */
export const search = searchRoute({
  method: 'GET',
  url: '/api/search',
  summary: 'Search users, videos, posts and hashtags',
  description:
    'q is trimmed (blank answers []; at most 100 characters); filter=all|videos|users|posts|hashtags. Pass X-Next-Cursor back as ?cursor= for the next page.',
  config: { auth: 'visitor', readModel: 'search' },
  schema: { querystring: searchQuery, response: { 200: searchResponse } },
  handler: async ({ request, reply, ctx }) => {
    const { q, filter, cursor } = request.query;
    const offset = decodeSearchCursor(cursor, filter);
    if (q === '') return [];
    const { items, next } = await searchPage(ctx.readModels, q, filter, offset);
    if (next !== null) reply.header(NEXT_CURSOR_HEADER, encodeSearchCursor(filter, next));
    return items;
  },
});

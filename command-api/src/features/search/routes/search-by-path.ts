import { NEXT_CURSOR_HEADER, searchPathParams, searchPathQuery, searchResponse } from '@myworld/schemas';
import { searchRoute } from '../context.ts';
import { decodeSearchCursor, encodeSearchCursor } from '../search-cursor.ts';
import { searchPage } from '../search-page.ts';

/** GET /api/search/{query}: the same answer as GET /api/search?q={query}&filter=all. */
export const searchByPath = searchRoute({
  method: 'GET',
  url: '/api/search/:query',
  summary: 'Search everything (filter=all) for the query in the path',
  config: { auth: 'visitor', readModel: 'search' },
  schema: { params: searchPathParams, querystring: searchPathQuery, response: { 200: searchResponse } },
  handler: async ({ request, reply, ctx }) => {
    const offset = decodeSearchCursor(request.query.cursor, 'all');
    const q = request.params.query;
    if (q === '') return [];
    const { items, next } = await searchPage(ctx.readModels, q, 'all', offset);
    if (next !== null) reply.header(NEXT_CURSOR_HEADER, encodeSearchCursor('all', next));
    return items;
  },
});

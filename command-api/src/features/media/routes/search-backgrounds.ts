import { backgroundImageList, backgroundSearchQuery } from '@myworld/schemas';
import { defaultBackgroundSource, type BackgroundSource } from '../background-source.ts';
import { mediaRoute } from '../context.ts';

/** The built-in catalogue's answers change only with a deploy; a few minutes of caching is safe for any source. */
const SEARCH_CACHE = 'public, max-age=300';

/** GET /api/backgrounds/search?query= with the given source (the default: the built-in catalogue). */
export const searchBackgroundsRoute = (source: BackgroundSource) =>
  mediaRoute({
    method: 'GET',
    url: '/api/backgrounds/search',
    summary: 'Background images matching a text (a blank query is refused)',
    config: { auth: 'visitor', readModel: { none: 'the background catalogue' } },
    schema: { querystring: backgroundSearchQuery, response: { 200: backgroundImageList } },
    handler: async ({ request, reply }) => {
      reply.header('cache-control', SEARCH_CACHE);
      return [...(await source.search(request.query.query))];
    },
  });

export const searchBackgrounds = searchBackgroundsRoute(defaultBackgroundSource);

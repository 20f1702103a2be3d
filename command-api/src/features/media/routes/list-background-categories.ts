import { backgroundCategoryList } from '@myworld/schemas';
import { defaultBackgroundSource, type BackgroundSource } from '../background-source.ts';
import { mediaRoute } from '../context.ts';

/** The categories change only with a deploy: browsers and caches may keep them an hour. */
const CATEGORIES_CACHE = 'public, max-age=3600';

/** GET /api/backgrounds/categories with the given source (the default: the built-in catalogue). */
export const listBackgroundCategoriesRoute = (source: BackgroundSource) =>
  mediaRoute({
    method: 'GET',
    url: '/api/backgrounds/categories',
    summary: 'The background categories of the Customize Profile modal',
    config: { auth: 'visitor', readModel: { none: 'the background catalogue' } },
    schema: { response: { 200: backgroundCategoryList } },
    handler: async ({ reply }) => {
      reply.header('cache-control', CATEGORIES_CACHE);
      return [...(await source.categories())];
    },
  });

export const listBackgroundCategories = listBackgroundCategoriesRoute(defaultBackgroundSource);

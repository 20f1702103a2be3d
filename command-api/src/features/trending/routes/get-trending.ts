import type { Platform } from '../../../platform/feature.ts';
import { routeFor } from '../../../platform/http/route.ts';
import {
  discoverTotals,
  postResultsByIds,
  trendingContentIds,
  trendingCreators,
  trendingHashtags,
  type SearchDb,
  type TrendingDb,
} from '@myworld/projections';
import { trendingResponse } from '@myworld/schemas';

/**
 * The Trending response: hashtags by recent use, creators by recent growth, content by
 * engagement velocity (shown as search results, all in the trending set), and the discover
 * banner's totals. Each list is the top of an index of the trending read model.
 */
export const getTrending = routeFor<Platform>()({
  method: 'GET',
  url: '/api/trending',
  summary: 'Read what is trending',
  config: { auth: 'visitor', readModel: ['trending', 'search'] },
  schema: { response: { 200: trendingResponse } },
  handler: async ({ ctx }) => {
    const [trending, search] = await Promise.all([
      ctx.readModels.query<TrendingDb>('trending'),
      ctx.readModels.query<SearchDb>('search'),
    ]);
    const [hashtags, users, ids, totals] = await Promise.all([
      trendingHashtags(trending),
      trendingCreators(trending),
      trendingContentIds(trending),
      discoverTotals(trending),
    ]);
    const content = (await postResultsByIds(search, ids)).map((r) => ({ ...r, trending: true }));
    return { hashtags, users, content, totals };
  },
});

import type { Platform } from '../../../platform/feature.ts';
import { routeFor } from '../../../platform/http/route.ts';
import {
  discoverTotals,
  postResultsByIds,
  trendingContent,
  trendingCreators,
  trendingHashtags,
  type SearchDb,
  type TrendingDb,
} from '@myworld/projections';
import { trendingResponse } from '@myworld/schemas';

/**
 * The Trending response: hashtags by recent use, creators by recent growth, content by
 * engagement velocity (shown as search results, `trending` on those that really trend), and the discover
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
    const [hashtags, users, set, totals] = await Promise.all([
      trendingHashtags(trending),
      trendingCreators(trending),
      trendingContent(trending),
      discoverTotals(trending),
    ]);
    // The list is the trending set; the badge only on those of it that really trend.
    const trendingNow = new Set(set.filter((t) => t.trending).map((t) => t.id));
    const results = await postResultsByIds(
      search,
      set.map((t) => t.id),
    );
    const content = results.map((r) => ({ ...r, trending: trendingNow.has(r.id) }));
    return { hashtags, users, content, totals };
  },
});

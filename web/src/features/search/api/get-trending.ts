import { useQuery } from '@tanstack/react-query';
import { trendingResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** What is trending moves, slowly: asked again after a minute. */
export const TRENDING_STALE_MS = 60_000;

/** GET /api/trending: hashtags, creators and content trending now, and discover's totals. */
export function useTrending() {
  return useQuery({
    queryKey: queryKeys.trending,
    queryFn: async ({ signal }) =>
      trendingResponse.parse(await apiJson('GET', queryKeys.trending[0], undefined, signal)),
    staleTime: TRENDING_STALE_MS,
  });
}

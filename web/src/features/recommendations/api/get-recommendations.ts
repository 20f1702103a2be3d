import { useQuery } from '@tanstack/react-query';
import { recommendationsResponse, type RecommendationCategory } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/recommendations?category=&limit=: best first, each with its score and at most 3 reasons. */
export async function getRecommendations(category: RecommendationCategory, limit: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ category, limit: String(limit) });
  return recommendationsResponse.parse(
    await apiJson('GET', `/api/recommendations?${params.toString()}`, undefined, signal),
  );
}

/** A category's recommendations (signed in only); the list never holds more than `limit`. */
export function useRecommendations(category: RecommendationCategory, limit: number) {
  return useQuery({
    queryKey: queryKeys.recommendations.list(category, limit),
    queryFn: ({ signal }) => getRecommendations(category, limit, signal),
    select: (items) => items.slice(0, limit),
  });
}

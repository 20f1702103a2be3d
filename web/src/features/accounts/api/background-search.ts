import { queryOptions, useQuery } from '@tanstack/react-query';
import { backgroundCategoryList, backgroundImageList } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** Query keys of the background search (path segments, like those in lib/query-keys.ts). */
export const backgroundQueryKeys = {
  categories: ['/api/backgrounds/categories'] as const,
  search: (query: string) => ['/api/backgrounds/search', query] as const,
};

/** GET /api/backgrounds/categories: the search's suggested topics ({ id, name, query }). */
export async function listBackgroundCategories() {
  return backgroundCategoryList.parse(await apiJson('GET', backgroundQueryKeys.categories[0]));
}

export function useBackgroundCategories() {
  return useQuery({ queryKey: backgroundQueryKeys.categories, queryFn: listBackgroundCategories });
}

/** GET /api/backgrounds/search?query=: photos for the text. */
export async function searchBackgrounds(query: string) {
  return backgroundImageList.parse(await apiJson('GET', `/api/backgrounds/search?query=${encodeURIComponent(query)}`));
}

/** Searches only for non-blank text (a blank query is never sent). */
export function backgroundSearchQueryOptions(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: backgroundQueryKeys.search(text),
    queryFn: () => searchBackgrounds(text),
    enabled: text.length > 0,
  });
}

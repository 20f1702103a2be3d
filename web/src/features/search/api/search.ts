import { useInfiniteQuery } from '@tanstack/react-query';
import { searchResponse, type SearchFilter, type SearchResult } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface SearchPage {
  items: SearchResult[];
  nextCursor: string | null;
}

/** GET /api/search?q=&filter=&cursor=: best first; the next page's cursor comes in X-Next-Cursor. */
export async function searchPage(
  q: string,
  filter: SearchFilter,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const params = new URLSearchParams({ q, filter });
  if (cursor) params.set('cursor', cursor);
  const page = await apiPage(`/api/search?${params.toString()}`, signal);
  return { items: searchResponse.parse(page.body), nextCursor: page.nextCursor };
}

/** The results for a settled query; a blank query asks nothing (its results are cleared). */
export function useSearchResults(q: string, filter: SearchFilter) {
  return useInfiniteQuery({
    queryKey: queryKeys.search(q, filter),
    queryFn: ({ pageParam, signal }) => searchPage(q, filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: q !== '',
    // Results go stale within the minute: new posts and tags keep arriving.
    staleTime: 60_000,
  });
}

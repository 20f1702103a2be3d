import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, liveStreamList, type LiveStreamCategory } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The listing's chips: every category, or one. */
export type CategoryFilter = 'all' | LiveStreamCategory;

/** GET /api/streams/active?category= (or /active/all): the streams live now. */
export async function listActiveStreams(category: CategoryFilter) {
  const url =
    category === 'all' ? '/api/streams/active/all' : `/api/streams/active?category=${encodeURIComponent(category)}`;
  return liveStreamList.parse(await apiJson('GET', url));
}

/** Refreshed every 10 s while shown. */
export function activeStreamsQueryOptions(category: CategoryFilter) {
  return queryOptions({
    queryKey: queryKeys.liveStreams.active(category),
    queryFn: () => listActiveStreams(category),
    refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
    staleTime: 0,
  });
}

export function useActiveStreams(category: CategoryFilter) {
  return useQuery(activeStreamsQueryOptions(category));
}

import { useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, liveStreamList } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/streams/active/all for the hub's discover tab, every 10 s while shown. It shares the
 * live listing's key, so both pages read (and refresh) one cache entry.
 */
export function useActiveStreams() {
  return useQuery({
    queryKey: queryKeys.liveStreams.active('all'),
    queryFn: async ({ signal }) =>
      liveStreamList.parse(await apiJson('GET', '/api/streams/active/all', undefined, signal)),
    refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
    staleTime: 0,
  });
}

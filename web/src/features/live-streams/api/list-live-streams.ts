import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, liveStreamList } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/live-streams: live and upcoming streams, for the Live Now / Upcoming Streams listing. */
export async function listLiveStreams() {
  return liveStreamList.parse(await apiJson('GET', '/api/live-streams'));
}

/** Refreshed every 10 s while shown. */
export const liveStreamsQueryOptions = queryOptions({
  queryKey: queryKeys.liveStreams.liveAndUpcoming,
  queryFn: listLiveStreams,
  refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
  staleTime: 0,
});

export function useLiveStreams() {
  return useQuery(liveStreamsQueryOptions);
}

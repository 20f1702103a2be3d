import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, liveStreamList } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';
import { liveListingsKey } from './active-streams.ts';

/** GET /api/live-streams: live and upcoming streams, for the Live Now / Upcoming Streams listing. */
export const liveListingQuery = queryOptions({
  queryKey: [...liveListingsKey, 'live-listing'],
  queryFn: async () => liveStreamList.parse(await apiJson('GET', '/api/live-streams')),
  refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
  staleTime: 0,
});

export function useLiveListing() {
  return useQuery(liveListingQuery);
}

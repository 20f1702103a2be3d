import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, upcomingStreamsResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Under the listings' prefix, so starting or scheduling a stream refreshes it too. */
export const upcomingStreamsKey = [...queryKeys.liveStreams.listings, 'upcoming'] as const;

/** GET /api/streams/upcoming: scheduled streams, soonest first, with the reader's reminders (first page). */
export async function listUpcomingStreams() {
  return upcomingStreamsResponse.parse(await apiJson('GET', '/api/streams/upcoming?limit=20'));
}

/** Refreshed every 10 s while shown, like the other listings. */
export const upcomingStreamsQueryOptions = queryOptions({
  queryKey: upcomingStreamsKey,
  queryFn: listUpcomingStreams,
  refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
  staleTime: 0,
});

export function useUpcomingStreams() {
  return useQuery(upcomingStreamsQueryOptions);
}

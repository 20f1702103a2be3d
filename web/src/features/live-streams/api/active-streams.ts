import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVE_STREAMS_REFRESH_MS, liveStreamList, type LiveStreamCategory } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';

/** Every listing's keys start with this, so starting or ending a stream refreshes them all (and only them: a room's own reads use 'live-stream-room'). */
export const liveListingsKey = ['/api/streams'] as const;

export type CategoryFilter = 'all' | LiveStreamCategory;

/** GET /api/streams/active?category= (or /active/all), refreshed every 10 s (spec §9). */
export function activeStreamsQuery(category: CategoryFilter) {
  return queryOptions({
    queryKey: [...liveListingsKey, 'active', category],
    queryFn: async () =>
      liveStreamList.parse(await apiJson('GET', category === 'all' ? '/api/streams/active/all' : `/api/streams/active?category=${encodeURIComponent(category)}`)),
    refetchInterval: ACTIVE_STREAMS_REFRESH_MS,
    staleTime: 0,
  });
}

export function useActiveStreams(category: CategoryFilter) {
  return useQuery(activeStreamsQuery(category));
}

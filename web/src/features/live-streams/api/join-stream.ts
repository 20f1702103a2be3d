import { queryOptions, useQuery } from '@tanstack/react-query';
import { liveStreamResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { markJoinStep } from '../lib/stats-probe.ts';

/**
 * POST /api/streams/{id}/join: the stream's details as the room opens (404 unknown, 410 ended).
 * A read despite the verb (the room itself is joined over the socket), so it is a query here.
 */
export async function joinStream(streamId: string) {
  const { stream } = liveStreamResponse.parse(
    await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/join`),
  );
  markJoinStep('details');
  return stream;
}

/** Asked afresh each time the room opens, and dropped when it closes. */
export function joinStreamQueryOptions(streamId: string) {
  return queryOptions({
    queryKey: queryKeys.liveStreams.join(streamId),
    queryFn: () => joinStream(streamId),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useJoinStream(streamId: string) {
  return useQuery(joinStreamQueryOptions(streamId));
}

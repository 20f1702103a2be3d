import { queryOptions, useQuery } from '@tanstack/react-query';
import { liveStreamResponse } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/join: the stream's details as the room opens (404 unknown, 410 ended). */
export function joinStreamQuery(streamId: string) {
  return queryOptions({
    queryKey: ['live-stream-room', streamId, 'join'],
    queryFn: async () => liveStreamResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/join`)).stream,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useJoinStream(streamId: string) {
  return useQuery(joinStreamQuery(streamId));
}

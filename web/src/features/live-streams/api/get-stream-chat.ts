import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamChatHistory } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/streams/{id}/chat: the latest messages, shown before live ones arrive on the socket. */
export async function getStreamChat(streamId: string) {
  return streamChatHistory.parse(await apiJson('GET', `/api/streams/${encodeURIComponent(streamId)}/chat`)).messages;
}

/** Read fresh each time the room opens, and dropped when it closes. */
export function streamChatQueryOptions(streamId: string) {
  return queryOptions({
    queryKey: queryKeys.liveStreams.chat(streamId),
    queryFn: () => getStreamChat(streamId),
    staleTime: 0,
    gcTime: 0,
  });
}

export function useStreamChat(streamId: string) {
  return useQuery(streamChatQueryOptions(streamId));
}

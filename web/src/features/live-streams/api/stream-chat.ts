import { queryOptions, useQuery } from '@tanstack/react-query';
import { streamChatHistory } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';

/** GET /api/streams/{id}/chat: the latest messages, shown before live ones arrive on the socket. */
export function streamChatQuery(streamId: string) {
  return queryOptions({
    queryKey: ['live-stream-room', streamId, 'chat'],
    queryFn: async () => streamChatHistory.parse(await apiJson('GET', `/api/streams/${encodeURIComponent(streamId)}/chat`)).messages,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useStreamChatHistory(streamId: string) {
  return useQuery(streamChatQuery(streamId));
}

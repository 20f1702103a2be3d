import { useMutation, useQueryClient } from '@tanstack/react-query';
import { conversationReadResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { applyRead } from '../lib/messages-cache.ts';

/** PUT /api/messages/{otherUserId}/read (empty body): the conversation's unread count is 0; answers the new total. */
export async function markConversationRead(otherUserId: string) {
  return conversationReadResponse.parse(await apiJson('PUT', `/api/messages/${encodeURIComponent(otherUserId)}/read`));
}

export function useMarkConversationRead(otherUserId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => markConversationRead(otherUserId),
    onSuccess: ({ totalUnread }) => applyRead(client, otherUserId, totalUnread),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendMessageResponse, type DirectMessage, type SendMessageBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { applyMessage } from '../lib/messages-cache.ts';

/** POST /api/messages: 201 with the stored message; 400/404 { error, field, message }. */
export async function sendMessage(body: SendMessageBody): Promise<DirectMessage> {
  return sendMessageResponse.parse(await apiJson('POST', '/api/messages', body)).message;
}

/** Sends to `receiverId`; the stored message goes into the thread and the list at once. */
export function useSendMessage(me: string, receiverId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => sendMessage({ receiverId, content }),
    onSuccess: (message) => applyMessage(client, me, message),
  });
}

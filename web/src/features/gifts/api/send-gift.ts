import { useMutation } from '@tanstack/react-query';
import { sendGiftResponse, type SendGiftBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/streams/{id}/gift: 201 with the PaymentIntent's client secret and the confirmation
 * page to open; 400/403/404/409 { error, field?, message }. Nothing cached changes until the
 * payment succeeds (the room hears it as gift_received), so no query is invalidated.
 */
export async function sendGift(streamId: string, body: SendGiftBody) {
  return sendGiftResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/gift`, body));
}

export function useSendGift(streamId: string) {
  return useMutation({ mutationFn: (body: SendGiftBody) => sendGift(streamId, body) });
}

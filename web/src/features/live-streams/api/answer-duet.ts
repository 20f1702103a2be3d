import { duetResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/streams/{id}/duet/accept or /duet/decline (the streamer): the room then hears
 * duet_started, or the requester duet_declined.
 */
export async function answerDuet(streamId: string, userId: string, answer: 'accept' | 'decline') {
  return duetResponse.parse(
    await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/duet/${answer}`, { userId }),
  );
}

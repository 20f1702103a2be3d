import { endLiveStreamResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/streams/{id}/end (the streamer only). Called by the broadcast session or the room's
 * End Stream button; whoever ends it refreshes the listings (`queryKeys.liveStreams.listings`).
 */
export async function endStream(streamId: string) {
  return endLiveStreamResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/end`));
}

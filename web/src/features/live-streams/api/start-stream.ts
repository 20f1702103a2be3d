import { startLiveStreamResponse, type StartLiveStreamBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/streams/start with the setup form: the new stream (its id) and the log position.
 * Called by the broadcast session, which also opens the room and the media; the go-live page
 * then refreshes the listings (`queryKeys.liveStreams.listings`), the only reads it changes.
 */
export async function startStream(body: StartLiveStreamBody) {
  return startLiveStreamResponse.parse(await apiJson('POST', '/api/streams/start', body));
}

import { endLiveStreamResponse } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/end (the streamer only). */
export async function endStream(streamId: string) {
  return endLiveStreamResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/end`));
}

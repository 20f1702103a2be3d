import { liveStreamResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** GET /api/streams/{id}: one stream (a scheduled one the owner is about to start, for instance). */
export async function getStream(streamId: string) {
  return liveStreamResponse.parse(await apiJson('GET', `/api/streams/${encodeURIComponent(streamId)}`)).stream;
}

import { duetResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/duet/end (the streamer or the partner): the room then hears duet_ended. */
export async function endDuet(streamId: string) {
  return duetResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/duet/end`));
}

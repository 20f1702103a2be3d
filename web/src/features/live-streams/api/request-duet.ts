import { duetResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/duet/request: asks the streamer for a duet (they get a duet_request). */
export async function requestDuet(streamId: string, message = '') {
  return duetResponse.parse(
    await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/duet/request`, { message }),
  );
}

import { goLiveResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/{id}/go-live: the owner starts a scheduled stream (then broadcasts as for a new one). */
export async function goLiveScheduled(streamId: string) {
  return goLiveResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/go-live`));
}

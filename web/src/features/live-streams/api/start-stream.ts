import { startLiveStreamResponse, type StartLiveStreamBody } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/streams/start with the setup form: the new stream (its id) and the log position. */
export async function startStream(body: StartLiveStreamBody) {
  return startLiveStreamResponse.parse(await apiJson('POST', '/api/streams/start', body));
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { startLiveStreamResponse, type StartLiveStreamBody } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';
import { liveListingsKey } from './active-streams.ts';

/** POST /api/streams/start with the setup form: the new stream (its id) and the log position. */
export async function startStream(body: StartLiveStreamBody) {
  return startLiveStreamResponse.parse(await apiJson('POST', '/api/streams/start', body));
}

export function useStartStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveListingsKey }),
  });
}

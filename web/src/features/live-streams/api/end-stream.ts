import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endLiveStreamResponse } from '@myworld/schemas/live-streams';
import { apiJson } from '../../../lib/api-client.ts';
import { liveListingsKey } from './active-streams.ts';

/** POST /api/streams/{id}/end (the streamer only). */
export async function endStream(streamId: string) {
  return endLiveStreamResponse.parse(await apiJson('POST', `/api/streams/${encodeURIComponent(streamId)}/end`));
}

export function useEndStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endStream,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: liveListingsKey }),
  });
}

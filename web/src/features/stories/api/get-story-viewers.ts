import { useQuery } from '@tanstack/react-query';
import { storyViewersResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/stories/{id}/viewers (the author only): who viewed, newest first. */
export async function getStoryViewers(storyId: string, signal?: AbortSignal) {
  return storyViewersResponse.parse(
    await apiJson('GET', `/api/stories/${encodeURIComponent(storyId)}/viewers`, undefined, signal),
  );
}

/** Read each time the list opens: views keep arriving while a story is live. */
export function useStoryViewers(storyId: string) {
  return useQuery({
    queryKey: queryKeys.stories.viewers(storyId),
    queryFn: ({ signal }) => getStoryViewers(storyId, signal),
    staleTime: 0,
  });
}

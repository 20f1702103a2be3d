import type { QueryClient } from '@tanstack/react-query';
import { storyViewResponse, type Story } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /api/stories/{id}/view → {counted}: whether this was a new unique viewer. */
export async function recordStoryView(storyId: string) {
  return storyViewResponse.parse(await apiJson('POST', `/api/stories/${encodeURIComponent(storyId)}/view`));
}

/** A counted view raises the story's count in the cached list, so the viewer and the strip show it at once. */
export function countStoryView(queryClient: QueryClient, storyId: string): void {
  queryClient.setQueryData<Story[]>(queryKeys.stories.all, (list) =>
    list?.map((s) => (s.id === storyId ? { ...s, viewCount: s.viewCount + 1 } : s)),
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storyResponse, type Story } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toStoryForm, type StoryDraft } from '../lib/story-draft.ts';

/** POST /api/stories, multipart (the file as the `media` part) → 201 {story}. */
export async function createStory(draft: StoryDraft): Promise<Story> {
  return storyResponse.parse(await apiJson('POST', '/api/stories', toStoryForm(draft))).story;
}

/** A new story changes the strip's list (read again, carrying this write's position), nothing else. */
export function useCreateStory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.stories.all, exact: true }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { textPostResponse, type TextPost, type TextPostBody } from '@myworld/schemas';
import { apiJson, hasStatus } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The server answers 409 while the post's photo is still processing; it is ready within seconds. */
export const PHOTO_RETRY_MS = 1500;
export const PHOTO_RETRIES = 8;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/text-posts → 201 {post}. A 409 (photo still processing) records nothing, so the same
 * body is simply sent again a little later, a bounded number of times.
 */
export async function createTextPost(
  body: TextPostBody,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<TextPost> {
  for (let attempt = 0; ; attempt++) {
    try {
      return textPostResponse.parse(await apiJson('POST', '/api/text-posts', body)).post;
    } catch (error) {
      if (attempt >= PHOTO_RETRIES || !hasStatus(error, 409)) throw error;
      await wait(PHOTO_RETRY_MS);
    }
  }
}

/** Sharing a post changes the feed and its author's profile (post count, Photos tab). */
export function useCreateTextPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TextPostBody) => createTextPost(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.feed });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all });
    },
  });
}

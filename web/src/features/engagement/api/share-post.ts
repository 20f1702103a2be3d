import { useMutation, useQueryClient } from '@tanstack/react-query';
import { shareResponse, type ShareResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { patchPostEverywhere } from '../lib/post-cache.ts';

/** POST /api/posts/{id}/share: counts the share and answers the post's public link to copy. */
export async function sharePost(postId: string): Promise<ShareResponse> {
  return shareResponse.parse(await apiJson('POST', `/api/posts/${encodeURIComponent(postId)}/share`));
}

export function useSharePost(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sharePost(postId),
    onSuccess: ({ shareCount }) => patchPostEverywhere(client, postId, (p) => ({ ...p, shareCount })),
  });
}

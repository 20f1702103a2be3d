import { queryOptions, useQuery } from '@tanstack/react-query';
import { postItem, type PostItem } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** How often a just-published video is asked about while it is processing. */
export const VIDEO_STATUS_POLL_MS = 1500;

/** GET /api/posts/{id}: the item (its author also sees a video's status and failure reason). */
export async function getPost(postId: string, signal?: AbortSignal): Promise<PostItem> {
  return postItem.parse(await apiJson('GET', `/api/posts/${encodeURIComponent(postId)}`, undefined, signal));
}

/** Polled every 1.5 s while the video is processing; stops once it is published or failed. */
export function videoStatusQueryOptions(postId: string) {
  return queryOptions({
    queryKey: queryKeys.post(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
    refetchInterval: (query) => {
      const post = query.state.data;
      return post?.kind === 'video' && post.status === 'processing' ? VIDEO_STATUS_POLL_MS : false;
    },
  });
}

export function useVideoStatus(postId: string | null) {
  return useQuery({ ...videoStatusQueryOptions(postId ?? ''), enabled: postId !== null });
}

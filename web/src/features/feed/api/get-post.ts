import { queryOptions, useQuery } from '@tanstack/react-query';
import { postItem } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/posts/{id}: one post as the feed shows it (404 "Post not found"). */
export async function getPost(postId: string, signal?: AbortSignal) {
  return postItem.parse(await apiJson('GET', `/api/posts/${encodeURIComponent(postId)}`, undefined, signal));
}

export function postQueryOptions(postId: string) {
  return queryOptions({ queryKey: queryKeys.post(postId), queryFn: ({ signal }) => getPost(postId, signal) });
}

export function usePost(postId: string) {
  return useQuery(postQueryOptions(postId));
}

import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { commentsResponse, type Comment } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One page of comments and the cursor of the next (null on the last). */
export interface CommentsPage {
  comments: Comment[];
  nextCursor: string | null;
}
export type CommentsData = InfiniteData<CommentsPage, string | null>;

/** Under the post's own key (queryKeys.post), so refreshing or dropping a post's reads takes its comments along. */
export const commentsQueryKey = (postId: string) => [...queryKeys.post(postId), 'comments'] as const;

/** GET /api/posts/{id}/comments?cursor=: newest first, a page at a time. */
export async function listComments(postId: string, cursor: string | null, signal?: AbortSignal): Promise<CommentsPage> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const page = await apiPage(`/api/posts/${encodeURIComponent(postId)}/comments${query}`, signal);
  return { comments: commentsResponse.parse(page.body), nextCursor: page.nextCursor };
}

/** Read afresh whenever the comments are opened: others comment while this tab keeps its cache. */
export function commentsQueryOptions(postId: string) {
  return infiniteQueryOptions({
    queryKey: commentsQueryKey(postId),
    queryFn: ({ pageParam, signal }) => listComments(postId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

export function useComments(postId: string) {
  return useInfiniteQuery(commentsQueryOptions(postId));
}

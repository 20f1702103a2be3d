import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentResponse, type CommentBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { patchPostEverywhere } from '../lib/post-cache.ts';
import { commentsQueryKey, type CommentsData } from './list-comments.ts';

/** POST /api/posts/{id}/comments: the new comment and the post's comment count. */
export async function addComment(postId: string, body: CommentBody) {
  return commentResponse.parse(await apiJson('POST', `/api/posts/${encodeURIComponent(postId)}/comments`, body));
}

/** The new comment goes on top of the list (newest first) and the count follows the server's. */
export function useAddComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => addComment(postId, { content }),
    onSuccess: ({ comment, commentCount }) => {
      client.setQueryData<CommentsData>(commentsQueryKey(postId), (data) => {
        const [first, ...rest] = data?.pages ?? [];
        if (!data || !first) return data;
        return { ...data, pages: [{ ...first, comments: [comment, ...first.comments] }, ...rest] };
      });
      patchPostEverywhere(client, postId, (p) => ({ ...p, commentCount }));
    },
  });
}

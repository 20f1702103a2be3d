import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentDeletedResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { patchPostEverywhere } from '../lib/post-cache.ts';
import { commentsQueryKey, type CommentsData } from './list-comments.ts';

/** DELETE /api/posts/{id}/comments/{commentId}: the author's own comments only. */
export async function deleteComment(postId: string, commentId: string) {
  return commentDeletedResponse.parse(
    await apiJson('DELETE', `/api/posts/${encodeURIComponent(postId)}/comments/${encodeURIComponent(commentId)}`),
  );
}

/** The comment leaves the list and the post's count drops by one (the answer carries no count). */
export function useDeleteComment(postId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(postId, commentId),
    onSuccess: (_answer, commentId) => {
      client.setQueryData<CommentsData>(
        commentsQueryKey(postId),
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({ ...page, comments: page.comments.filter((c) => c.id !== commentId) })),
          },
      );
      patchPostEverywhere(client, postId, (p) => ({ ...p, commentCount: Math.max(0, p.commentCount - 1) }));
    },
  });
}

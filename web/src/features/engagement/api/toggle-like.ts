import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeResponse, type LikeResponse, type PostItem } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { patchPostEverywhere, restorePost, snapshotPost, type PostSnapshot } from '../lib/post-cache.ts';

/** POST /api/posts/{id}/like to like, DELETE to unlike: the caller's state and the count (absent when hidden). */
export async function setLiked(postId: string, liked: boolean): Promise<LikeResponse> {
  return likeResponse.parse(await apiJson(liked ? 'POST' : 'DELETE', `/api/posts/${encodeURIComponent(postId)}/like`));
}

/** The post as it reads once liked (or unliked); a hidden count stays hidden. */
export function withLiked(post: PostItem, liked: boolean): PostItem {
  if (post.liked === liked) return post;
  const likeCount = post.likeCount === undefined ? undefined : Math.max(0, post.likeCount + (liked ? 1 : -1));
  return withLikeAnswer(post, { liked, likeCount });
}

function withLikeAnswer(post: PostItem, { liked, likeCount }: LikeResponse): PostItem {
  const { likeCount: _old, ...rest } = post;
  return likeCount === undefined ? { ...rest, liked } : { ...rest, liked, likeCount };
}

/**
 * Likes or unlikes at once in every cached read showing the post, and puts them back if the server
 * refuses. One post's likes run one after another (scope), so a quick double tap ends in order.
 */
export function useSetLiked(postId: string) {
  const client = useQueryClient();
  return useMutation<LikeResponse, Error, boolean, { snapshot: PostSnapshot }>({
    scope: { id: `like-${postId}` },
    mutationFn: (liked) => setLiked(postId, liked),
    onMutate: async (liked) => {
      const snapshot = await snapshotPost(client, postId);
      patchPostEverywhere(client, postId, (p) => withLiked(p, liked));
      return { snapshot };
    },
    onError: (_error, _liked, context) => {
      if (context) restorePost(client, context.snapshot);
    },
    onSuccess: (answer) => patchPostEverywhere(client, postId, (p) => withLikeAnswer(p, answer)),
  });
}

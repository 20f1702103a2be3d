import type { PostItem } from '@myworld/schemas';
import { useSetLiked } from '../api/toggle-like.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { ActionButton } from './action-button.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { useResumeAfterSignIn, useSignInFirst } from '../../../lib/use-sign-in-first.ts';

/**
 * Like / unlike; the heart and count change at once and go back if the server refuses. A visitor
 * is asked to sign in first, and the like is made when they come back.
 */
export function LikeButton({ post }: { post: PostItem }) {
  const setLiked = useSetLiked(post.id);
  const action = `like:${post.id}`;
  const signInFirst = useSignInFirst(action);
  useResumeAfterSignIn(action, () => setLiked.mutate(true, { onError: (error) => toastFailure('Error', error) }));
  return (
    <ActionButton
      label="Like"
      icon={<HeartIcon filled={post.liked} />}
      count={post.likeCount}
      testId="like-button"
      countTestId="like-count"
      pressed={post.liked}
      onClick={() =>
        signInFirst() || setLiked.mutate(!post.liked, { onError: (error) => toastFailure('Error', error) })
      }
    />
  );
}

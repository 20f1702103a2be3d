import type { PostItem } from '@myworld/schemas';
import { useSetLiked } from '../api/toggle-like.ts';
import { toastFailure } from '../../../lib/toast-failure.ts';
import { ActionButton } from './action-button.tsx';
import { HeartIcon } from '../../../components/ui/icons.tsx';
import { useSignInFirst } from '../../../lib/use-sign-in-first.ts';

/** Like / unlike; the heart and count change at once and go back if the server refuses. A visitor is asked to sign in first. */
export function LikeButton({ post }: { post: PostItem }) {
  const setLiked = useSetLiked(post.id);
  const signInFirst = useSignInFirst();
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

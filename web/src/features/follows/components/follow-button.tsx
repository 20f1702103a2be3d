import { useState } from 'react';
import { toast } from '../../../components/ui/toast/toast-store.ts';
import { serverMessage } from '../../../lib/api-client.ts';
import { useSetFollowing } from '../api/set-following.ts';
import { useResumeAfterSignIn, useSignInFirst } from '../../../lib/use-sign-in-first.ts';

interface FollowButtonProps {
  userId: string;
  /** Whether the viewer follows them, as the page last read it. */
  following: boolean;
}

const TEXTS = { followFailed: 'Could not follow', unfollowFailed: 'Could not unfollow' } as const;

/**
 * Follow / Following (aria-pressed). It flips at once and goes back if the server refuses; it also
 * follows the `following` it is given when the page reads it again. A visitor is asked to sign in
 * first, and follows when they come back. Fills the FollowButton slot.
 */
export function FollowButton({ userId, following }: FollowButtonProps) {
  const mutation = useSetFollowing();
  const signInFirst = useSignInFirst(`follow:${userId}`);
  const [shown, setShown] = useState(following);
  // A new reading from the page wins over the local state (React's "adjust state on prop change").
  const [given, setGiven] = useState(following);
  if (given !== following) {
    setGiven(following);
    setShown(following);
  }

  useResumeAfterSignIn(`follow:${userId}`, () => change(true));

  function toggle() {
    if (signInFirst()) return;
    change(!shown);
  }

  function change(follow: boolean) {
    setShown(follow);
    mutation.mutate(
      { userId, follow },
      {
        onSuccess: (now) => setShown(now),
        onError: (error) => {
          setShown(!follow);
          toast({
            title: follow ? TEXTS.followFailed : TEXTS.unfollowFailed,
            description: serverMessage(error) ?? error.message,
            variant: 'destructive',
          });
        },
      },
    );
  }

  return (
    <button
      type="button"
      className={`btn ${shown ? 'btn--secondary' : 'btn--primary'}`}
      aria-pressed={shown}
      disabled={mutation.isPending}
      onClick={toggle}
      data-testid="follow-button"
    >
      {shown ? 'Following' : 'Follow'}
    </button>
  );
}

import { Link } from 'wouter';
import { useSignInHref } from '../../../lib/use-sign-in-first.ts';

/** The action a visitor's "Sign in to comment" carries: back signed in, the composer takes the focus. */
export const commentAction = (postId: string) => `comment:${postId}`;

/** In place of the comment composer for a visitor: sign in (and come back here, ready to write) to comment. */
export function SignInToComment({ postId }: { postId: string }) {
  return (
    <p className="comment-composer comment-composer--visitor" data-testid="sign-in-to-comment">
      <Link href={useSignInHref(commentAction(postId))} className="btn btn--primary btn--small">
        Sign in to comment
      </Link>
    </p>
  );
}

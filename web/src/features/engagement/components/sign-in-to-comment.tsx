import { Link } from 'wouter';
import { useSignInHref } from '../../../lib/use-sign-in-first.ts';

/** The action a visitor's "Sign in to comment" carries: back signed in, the composer takes the focus. */
export const commentAction = (postId: string) => `comment:${postId}`;

/**
 * In place of the comment composer for a visitor: sign in to comment, and come back here (ready to
 * write on the post's page, `postId`; null where the composer will not be open on the way back).
 */
export function SignInToComment({ postId }: { postId: string | null }) {
  return (
    <p className="comment-composer comment-composer--visitor" data-testid="sign-in-to-comment">
      <Link
        href={useSignInHref(postId === null ? undefined : commentAction(postId))}
        className="btn btn--primary btn--small"
      >
        Sign in to comment
      </Link>
    </p>
  );
}

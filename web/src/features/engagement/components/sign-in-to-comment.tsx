import { Link } from 'wouter';
import { signInThenReturnTo } from '../../../lib/next-path.ts';
import { useReturnPath } from '../../../lib/use-sign-in-first.ts';

/** In place of the comment composer for a visitor: sign in (and come back here) to comment. */
export function SignInToComment() {
  return (
    <p className="comment-composer comment-composer--visitor" data-testid="sign-in-to-comment">
      <Link href={signInThenReturnTo(useReturnPath())} className="btn btn--primary btn--small">
        Sign in to comment
      </Link>
    </p>
  );
}

import { Redirect } from 'wouter';
import { signInThenReturnTo } from '../lib/next-path.ts';
import { useReturnPath } from '../lib/use-sign-in-first.ts';

/** A visitor at a page only for signed-in users: to the sign-in page, which returns here. */
export function SignInFirst() {
  return <Redirect to={signInThenReturnTo(useReturnPath())} replace />;
}

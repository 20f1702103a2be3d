import { Redirect } from 'wouter';
import { useSignInHref } from '../lib/use-sign-in-first.ts';

/** A visitor at a page only for signed-in users: to the sign-in page, which returns here. */
export function SignInFirst() {
  return <Redirect to={useSignInHref()} replace />;
}

import { Redirect, useLocation, useSearch } from 'wouter';
import { signInThenReturnTo } from '../lib/next-path.ts';

/** A visitor at a page only for signed-in users: to the sign-in page, which returns here. */
export function SignInFirst() {
  const [path] = useLocation();
  const search = useSearch();
  return <Redirect to={signInThenReturnTo(search ? `${path}?${search}` : path)} replace />;
}

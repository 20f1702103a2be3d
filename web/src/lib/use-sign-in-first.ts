import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useKnownUser } from './current-user.ts';
import { signInThenReturnTo } from './next-path.ts';

/** The page being shown, with its query: where signing in returns to. */
export function useReturnPath(): string {
  const [path] = useLocation();
  const search = useSearch();
  return search ? `${path}?${search}` : path;
}

/**
 * For an action only a signed-in user can take (like, comment, follow) on a page visitors also
 * see: returns a check that, for a visitor, goes to the sign-in page (which returns here) and
 * says so with `true`; for a signed-in user it returns `false` and the action goes ahead.
 */
export function useSignInFirst(): () => boolean {
  const user = useKnownUser();
  const [, navigate] = useLocation();
  const returnPath = useReturnPath();
  return useCallback(() => {
    if (user) return false;
    navigate(signInThenReturnTo(returnPath));
    return true;
  }, [user, navigate, returnPath]);
}

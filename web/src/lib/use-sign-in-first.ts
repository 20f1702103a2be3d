import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useKnownUser } from './current-user.ts';
import { signInThenReturnTo } from './next-path.ts';

/** The query parameter that carries a visitor's action through signing in (`like:{postId}`, say). */
const RESUME = 'resume';

/** `path` with `query` (no "?" when it is empty). */
const withQuery = (path: string, query: URLSearchParams): string =>
  query.size > 0 ? `${path}?${query.toString()}` : path;

/** The sign-in page's address that returns here, carrying `action` when given (for a link, not a click). */
export function useSignInHref(action?: string): string {
  const [path] = useLocation();
  const search = useSearch();
  if (!action) return signInThenReturnTo(search ? `${path}?${search}` : path);
  const query = new URLSearchParams(search);
  query.set(RESUME, action);
  return signInThenReturnTo(withQuery(path, query));
}

/**
 * For an action only a signed-in user can take (like, comment, follow) on a page visitors also
 * see: returns a check that, for a visitor, goes to the sign-in page (which returns here) and
 * says so with `true`; for a signed-in user it returns `false` and the action goes ahead. With
 * `action`, the way back carries it, and the page's useResumeAfterSignIn takes it then.
 */
export function useSignInFirst(action?: string): () => boolean {
  const user = useKnownUser();
  const [, navigate] = useLocation();
  const signInHref = useSignInHref(action);
  return useCallback(() => {
    if (user) return false;
    navigate(signInHref);
    return true;
  }, [user, navigate, signInHref]);
}

/**
 * Back from signing in with `action` in the address: runs it once, for the now signed-in user, and
 * takes it out of the address (a reload or Back does not repeat it). `run` must be safe to repeat
 * on the server (like and follow set a state, they do not toggle one).
 */
export function useResumeAfterSignIn(action: string, run: () => void): void {
  const user = useKnownUser();
  const [path, navigate] = useLocation();
  const search = useSearch();
  const pending = new URLSearchParams(search).get(RESUME) === action;
  const done = useRef(false);
  const latestRun = useRef(run);
  latestRun.current = run;
  useEffect(() => {
    if (!pending || !user || done.current) return;
    done.current = true;
    const rest = new URLSearchParams(search);
    rest.delete(RESUME);
    navigate(withQuery(path, rest), { replace: true });
    latestRun.current();
  }, [pending, user, search, path, navigate]);
}

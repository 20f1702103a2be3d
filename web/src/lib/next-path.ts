/**
 * Where to go after signing in: `next` from the query string when it is a path of this site,
 * else home. Anything else (another origin, `//host`, `/\host`, a scheme) is ignored, so a link
 * to the sign-in page can never send someone off the site.
 */
export function nextPathFrom(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/** The sign-in page's address that returns to `path` (with its query) afterwards. */
export function signInThenReturnTo(path: string): string {
  return `/login?${new URLSearchParams({ next: path }).toString()}`;
}

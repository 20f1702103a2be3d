import type { QueryClient } from '@tanstack/react-query';
import { loadPageCode, routeMatches, type AppRoute } from '../lib/app-route.tsx';
import { currentUserQueryOptions } from '../lib/current-user.ts';
import { pageSaysSignedIn } from '../lib/first-reads.ts';
import { wasSignedIn } from '../lib/session-hint.ts';

/**
 * On the first load, starts the session check and, alongside it instead of after it, the code and
 * the reads of the screen at `path`: a signed-in screen's when this browser was signed in last
 * time, a visitor's or anyone's always (a page that came with a signed-in session check counts as
 * signed in). A guess that turns out wrong costs one answered read or one page's code, and changes
 * nothing on screen. Resolves once that screen's code is in.
 */
export function prefetchFirstScreen(
  queryClient: QueryClient,
  routes: readonly AppRoute[],
  path: string,
): Promise<void> {
  // Before the session check, which takes the page's answer to it.
  const signedIn = pageSaysSignedIn() || wasSignedIn();
  void queryClient.prefetchQuery(currentUserQueryOptions);
  const pages: Promise<void>[] = [];
  for (const route of routes) {
    if (!routeMatches(route.path, path)) continue;
    if (route.access !== 'everyone' && (route.access === 'signed-in') !== signedIn) continue;
    route.prefetch?.(queryClient);
    pages.push(loadPageCode(route.component));
  }
  return Promise.all(pages).then(() => undefined);
}

/** Resolves once none of the client's reads is in flight: the first screen's data is in the cache. */
export function readsSettled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() !== 0) return;
      stop();
      resolve();
    });
  });
}

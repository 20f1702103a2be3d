import type { QueryClient } from '@tanstack/react-query';
import type { AppRoute } from '../lib/app-route.tsx';
import { currentUserQueryOptions } from '../lib/current-user.ts';
import { pageSaysSignedIn } from '../lib/first-reads.ts';
import { wasSignedIn } from '../lib/session-hint.ts';

/**
 * On the first load, starts the session check and, alongside it instead of after it, the reads of
 * the screen at `path`: a signed-in screen's when this browser was signed in last time, a
 * visitor's or anyone's always (a page that came with a signed-in session check counts as signed in). Only routes without parameters declare a prefetch, so the path is
 * matched exactly. A guess that turns out wrong costs one answered read, and changes nothing on screen.
 */
export function prefetchFirstScreen(queryClient: QueryClient, routes: readonly AppRoute[], path: string): void {
  // Before the session check, which takes the page's answer to it.
  const signedIn = pageSaysSignedIn() || wasSignedIn();
  void queryClient.prefetchQuery(currentUserQueryOptions);
  for (const route of routes) {
    if (route.path !== path || !route.prefetch) continue;
    if (route.access === 'everyone' || (route.access === 'signed-in') === signedIn) route.prefetch(queryClient);
  }
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

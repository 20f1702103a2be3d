import type { QueryClient } from '@tanstack/react-query';
import type { AppRoute } from '../lib/app-route.tsx';
import { currentUserQueryOptions } from '../lib/current-user.ts';
import { wasSignedIn } from '../lib/session-hint.ts';

/**
 * On the first load, starts the session check and, alongside it instead of after it, the reads of
 * the screen at `path`: a signed-in screen's when this browser was signed in last time, a
 * visitor's or anyone's always. Only routes without parameters declare a prefetch, so the path is
 * matched exactly. A guess that turns out wrong costs one answered read, and changes nothing on screen.
 */
export function prefetchFirstScreen(queryClient: QueryClient, routes: readonly AppRoute[], path: string): void {
  void queryClient.prefetchQuery(currentUserQueryOptions);
  const signedIn = wasSignedIn();
  for (const route of routes) {
    if (route.path !== path || !route.prefetch) continue;
    if (route.access === 'everyone' || (route.access === 'signed-in') === signedIn) route.prefetch(queryClient);
  }
}

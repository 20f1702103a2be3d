import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's render and in the render that hydrates it, true from then on (and from the
 * start in a page the client renders itself). For what the server's HTML may not carry: a style
 * attribute, which the CSP blocks in markup, while React sets the same style through the DOM.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

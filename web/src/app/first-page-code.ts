import { useSyncExternalStore } from 'react';

let pending = false;
const listeners = new Set<() => void>();

/**
 * The first screen's page code, loading beside the session check. The app shell keeps its own
 * spinner until both are in, so that page's first render never suspends: React reveals a page that
 * suspended behind a Suspense spinner no sooner than 300 ms after the spinner appeared, which held
 * every first load of a lazy page (a stream's viewer among them) back by about a quarter second.
 */
export function awaitFirstPageCode(code: Promise<void>): Promise<void> {
  pending = true;
  return code.finally(() => {
    pending = false;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the first screen's page code is still loading (never on the server, nor when hydrating: those wait for it). */
export function useFirstPageCodeLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => false,
  );
}

import { useSyncExternalStore } from 'react';

/**
 * The stories shown to this user in this page session, kept in memory only, for the strip's
 * unseen/seen ring. A new Set on each change, so React sees a new snapshot.
 */
let seen: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((listener) => listener());
}

export function markStorySeen(storyId: string): void {
  if (seen.has(storyId)) return;
  seen = new Set([...seen, storyId]);
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => seen;

export function useSeenStories(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Tests start from a fresh page session. */
export function forgetSeenStories(): void {
  seen = new Set();
  emit();
}

import type { RecordedEvent } from '../port.ts';

/** What the stored events say about an append's ids. */
export type StoredCopy =
  | { readonly kind: 'none' }
  /** Every id is stored: the append already happened; `last` is its newest event. */
  | { readonly kind: 'all'; readonly last: RecordedEvent }
  | { readonly kind: 'some'; readonly storedIds: readonly string[] };

/**
 * Looks for the append's event ids among `stored` (events of the same stream that could hold
 * them). The port promises that appending ids the stream already holds is a no-op.
 */
export function findStoredCopy(newIds: readonly string[], stored: readonly RecordedEvent[]): StoredCopy {
  const wanted = new Set(newIds);
  const found = stored.filter((e) => wanted.has(e.id));
  const foundIds = new Set(found.map((e) => e.id));
  if (foundIds.size === 0) return { kind: 'none' };
  if (foundIds.size < wanted.size) return { kind: 'some', storedIds: [...foundIds] };
  const last = found.reduce((a, b) => (b.version > a.version ? b : a));
  return { kind: 'all', last };
}

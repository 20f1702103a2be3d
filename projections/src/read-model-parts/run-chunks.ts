/**
 * A run's events cut where their kind changes: consecutive events of one kind, in order. A run
 * handler applies each chunk set-based when events of different kinds must keep their order
 * (a follow of a user registered later in the run found no one to count).
 */
export function chunksByKind<E>(events: readonly E[], kindOf: (event: E) => string): E[][] {
  const chunks: E[][] = [];
  let kind: string | undefined;
  for (const event of events) {
    const k = kindOf(event);
    if (chunks.length === 0 || k !== kind) chunks.push([]);
    chunks[chunks.length - 1]!.push(event);
    kind = k;
  }
  return chunks;
}

/** The last of each key's values, in the order of their keys' first appearance. */
export function lastPerKey<E, V>(events: readonly E[], keyOf: (event: E) => string, valueOf: (event: E) => V): V[] {
  const last = new Map<string, V>();
  for (const event of events) last.set(keyOf(event), valueOf(event));
  return [...last.values()];
}

/** The first of each key's values (a repeat changes nothing, as an insert that does nothing on conflict). */
export function firstPerKey<E, V>(events: readonly E[], keyOf: (event: E) => string, valueOf: (event: E) => V): V[] {
  const first = new Map<string, V>();
  for (const event of events) {
    const key = keyOf(event);
    if (!first.has(key)) first.set(key, valueOf(event));
  }
  return [...first.values()];
}

import { z } from 'zod';

/**
 * A place in the global event order. Both adapters order events by (commit, prepare):
 * PostgreSQL uses (transaction id, sequence), EventStoreDB its own commit/prepare pair.
 * Its text form "commit/prepare" travels in HTTP bodies and the X-Min-Position header.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

export const START: Position = { commit: 0n, prepare: 0n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** The later of two positions (null: nothing recorded), e.g. for an answer covering several commands. */
export function laterPosition(a: Position | null, b: Position | null): Position | null {
  return !a ? b : !b ? a : comparePositions(a, b) >= 0 ? a : b;
}

export function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

export const positionText = z
  .string()
  .regex(/^\d{1,20}\/\d{1,20}$/, 'must look like "commit/prepare", two whole numbers')
  .transform((s): Position => {
    const [c, p] = s.split('/') as [string, string];
    return { commit: BigInt(c), prepare: BigInt(p) };
  });

export function parsePosition(text: string): Position {
  return positionText.parse(text);
}

/**
 * Read-your-writes headers: a command answers with its position in `X-Position` (the server also
 * keeps it as the session's last write, which the session's queries wait for); a client may send a
 * position as `X-Min-Position` on a query (e.g. another session's write) to wait for it too. A
 * query that cannot catch up in time answers marked `X-Read-Model-Stale: true`.
 */
export const POSITION_HEADERS = {
  position: 'X-Position',
  minPosition: 'X-Min-Position',
  stale: 'X-Read-Model-Stale',
} as const;

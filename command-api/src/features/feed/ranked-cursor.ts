import { z } from 'zod';
import {
  badCursor,
  decodeCursor,
  encodeCursor,
  fromPageKey,
  pageKeyPayload,
  toPageKey,
  type PageKey,
} from '../../platform/http/page-cursor.ts';

/**
 * Where a ranked list (For You, a discover category) stands: which window of candidates (newest
 * published before `window`, none for the newest), how far into its ranking, and the time the
 * session started, so that what the viewer sees on page 1 does not reshuffle page 2 (only views
 * before `seenAt` sink).
 */
export interface RankedPosition {
  readonly window: PageKey | undefined;
  readonly offset: number;
  readonly seenAt: Date;
}

/** The first page of a session starting at `now`. */
export const firstPosition = (now: Date): RankedPosition => ({ window: undefined, offset: 0, seenAt: now });

/** Built once: a schema per call (z.literal(scope)) was an eighth of a feed request's CPU. */
const payload = z
  .object({
    tab: z.string(),
    window: pageKeyPayload.nullable(),
    offset: z.number().int().nonnegative().max(10_000),
    seenAt: z.iso.datetime({ offset: true }),
  })
  .strict();

/** `scope` names the list (for-you, category:music), so one list's cursor is refused by another. */
export function encodeRankedCursor(scope: string, position: RankedPosition): string {
  return encodeCursor({
    tab: scope,
    window: position.window ? fromPageKey(position.window) : null,
    offset: position.offset,
    seenAt: position.seenAt.toISOString(),
  });
}

/** The position a cursor of `scope` names; undefined for the first page; 400 naming `cursor` for anything else (another list's cursor too). */
export function decodeRankedCursor(scope: string, cursor: string | undefined): RankedPosition | undefined {
  const decoded = decodeCursor(payload, cursor);
  if (decoded && decoded.tab !== scope) throw badCursor();
  return (
    decoded && {
      window: decoded.window ? toPageKey(decoded.window) : undefined,
      offset: decoded.offset,
      seenAt: new Date(decoded.seenAt),
    }
  );
}

import { z } from 'zod';
import { decodeCursor, encodeCursor, fromPageKey, pageKeyPayload, toPageKey, type PageKey } from '../../platform/http/page-cursor.ts';

/**
 * Where a For You session stands: which window of candidates (newest published before `window`,
 * none for the newest), how far into its ranking, and the time the session started, so that what
 * the viewer sees on page 1 does not reshuffle page 2 (only views before `seenAt` sink).
 */
export interface ForYouPosition {
  readonly window: PageKey | undefined;
  readonly offset: number;
  readonly seenAt: Date;
}

const payload = z
  .object({
    tab: z.literal('for-you'),
    window: pageKeyPayload.nullable(),
    offset: z.number().int().nonnegative().max(10_000),
    seenAt: z.iso.datetime({ offset: true }),
  })
  .strict();

export function encodeForYouCursor(position: ForYouPosition): string {
  return encodeCursor({ tab: 'for-you', window: position.window ? fromPageKey(position.window) : null, offset: position.offset, seenAt: position.seenAt.toISOString() });
}

/** The position a For You cursor names; undefined for the first page; 400 naming `cursor` for anything else (a Following cursor too). */
export function decodeForYouCursor(cursor: string | undefined): ForYouPosition | undefined {
  const decoded = decodeCursor(payload, cursor);
  return decoded && { window: decoded.window ? toPageKey(decoded.window) : undefined, offset: decoded.offset, seenAt: new Date(decoded.seenAt) };
}

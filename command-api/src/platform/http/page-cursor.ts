import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { NEXT_CURSOR_HEADER, PLATFORM_MESSAGES } from '@myworld/schemas';
import type { PageKey } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';

/** Where a newest-first page continues (the read models' page key: strictly older than `at`, then lower `id`). */
export type { PageKey };

/** What a malformed or foreign `?cursor=` is answered (400 naming `cursor`). */
export const BAD_CURSOR_MESSAGE = PLATFORM_MESSAGES.badCursor;

/** The opaque `X-Next-Cursor` text of any JSON payload: base64url of its JSON. */
export function encodeCursor(payload: object): string {
  return Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
}

/** The 400 for a malformed or foreign cursor, naming `field`. */
export const badCursor = (field = 'cursor'): DomainError =>
  new DomainError('validation_failed', BAD_CURSOR_MESSAGE, 400, field);

/**
 * The payload of a cursor `encodeCursor` made, checked by `schema`; undefined for no cursor (the
 * first page). Anything else is refused with 400 naming `field` (default `cursor`), never a 500.
 */
export function decodeCursor<T>(schema: z.ZodType<T>, cursor: string | undefined, field = 'cursor'): T | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const refuse = () => badCursor(field);
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw refuse();
  return parsed.data;
}

/** A page key inside a cursor: an ISO time and an id. */
export const pageKeyPayload = z
  .object({ at: z.iso.datetime({ offset: true }), id: z.string().min(1).max(200) })
  .strict();
export const toPageKey = (payload: z.infer<typeof pageKeyPayload>): PageKey => ({
  at: new Date(payload.at),
  id: payload.id,
});
export const fromPageKey = (key: PageKey) => ({ at: key.at.toISOString(), id: key.id });

/** The opaque `X-Next-Cursor` text of a page key: base64url of `{"at":ISO,"id":...}`. */
export function encodePageCursor(key: PageKey): string {
  return encodeCursor(fromPageKey(key));
}

/** The page key of a cursor `encodePageCursor` made (see decodeCursor). */
export function decodePageCursor(cursor: string | undefined, field = 'cursor'): PageKey | undefined {
  const payload = decodeCursor(pageKeyPayload, cursor, field);
  return payload && toPageKey(payload);
}

/**
 * One page out of `rows` fetched with a limit of `size + 1`: the first `size` rows, and the key of
 * the last of them when there was more (null on the last page).
 */
export function splitPage<T>(
  rows: readonly T[],
  size: number,
  keyOf: (row: T) => PageKey,
): { page: T[]; next: PageKey | null } {
  if (rows.length <= size) return { page: [...rows], next: null };
  const page = rows.slice(0, size);
  return { page, next: keyOf(page[page.length - 1]!) };
}

/** Puts the next page's cursor in `X-Next-Cursor`; on the last page (null) the header is left out. */
export function setNextCursor(reply: FastifyReply, next: PageKey | null | undefined): void {
  if (next) reply.header(NEXT_CURSOR_HEADER, encodePageCursor(next));
}

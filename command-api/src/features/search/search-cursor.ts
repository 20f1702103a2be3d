import { z } from 'zod';
import { SEARCH_FILTERS, type SearchFilter } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { BAD_CURSOR_MESSAGE, decodeCursor, encodeCursor } from '../../platform/http/page-cursor.ts';

/**
 * Where a search page continues: an offset into the ranked list of one filter. Ranking uses no
 * clock (see the search read model's rank_key), so the list stays the same between pages unless
 * the read model moves. A cursor of another filter is refused (400 naming `cursor`).
 */
const searchCursorPayload = z.object({ f: z.enum(SEARCH_FILTERS), o: z.number().int().min(0).max(10_000) }).strict();

export function encodeSearchCursor(filter: SearchFilter, offset: number): string {
  return encodeCursor({ f: filter, o: offset });
}

/** The offset a cursor points at (0 without one). */
export function decodeSearchCursor(cursor: string | undefined, filter: SearchFilter): number {
  const payload = decodeCursor(searchCursorPayload, cursor);
  if (!payload) return 0;
  if (payload.f !== filter) throw new DomainError('validation_failed', BAD_CURSOR_MESSAGE, 400, 'cursor');
  return payload.o;
}

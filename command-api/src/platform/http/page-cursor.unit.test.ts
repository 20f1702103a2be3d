import type { FastifyReply } from 'fastify';
import { describe, expect, it } from 'vitest';
import { NEXT_CURSOR_HEADER } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { BAD_CURSOR_MESSAGE, decodePageCursor, encodePageCursor, setNextCursor, splitPage } from './page-cursor.ts';

const key = { at: new Date('2026-11-23T10:00:00.123Z'), id: '0b6f2d3e-8f6a-4c1d-9a51-7e2f3c4d5e6f' };
const refusal = (cursor: string, field?: string) => {
  try {
    decodePageCursor(cursor, field);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('page cursors (opaque base64url of {at, id})', () => {
  it('round-trips a key to the millisecond, as URL-safe text', () => {
    const cursor = encodePageCursor(key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodePageCursor(cursor)).toEqual(key);
  });

  it('no cursor is the first page', () => {
    expect(decodePageCursor(undefined)).toBeUndefined();
    expect(decodePageCursor('')).toBeUndefined();
  });

  it('refuses anything it did not make with a 400 naming cursor (or the field given)', () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const bad of [
      'not a cursor!',
      'abc',
      json({ at: 'yesterday', id: 'x' }),
      json({ at: key.at.toISOString() }),
      json({ at: key.at.toISOString(), id: '' }),
      json([1, 2]),
      json({ at: key.at.toISOString(), id: 'x', more: 1 }),
    ]) {
      const error = refusal(bad);
      expect(error, bad).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        field: 'cursor',
        message: BAD_CURSOR_MESSAGE,
      });
    }
    expect(refusal('%%%', 'before')).toMatchObject({ status: 400, field: 'before' });
  });

  it('splits a limit+1 fetch into a page and the key of its last row', () => {
    const rows = [1, 2, 3, 4].map((n) => ({ n, at: new Date(Date.UTC(2026, 0, 10 - n)), id: `id${n}` }));
    expect(splitPage(rows, 3, (r) => ({ at: r.at, id: r.id }))).toEqual({
      page: rows.slice(0, 3),
      next: { at: rows[2]!.at, id: 'id3' },
    });
    expect(splitPage(rows, 4, (r) => ({ at: r.at, id: r.id }))).toEqual({ page: rows, next: null });
    expect(splitPage([], 4, () => key)).toEqual({ page: [], next: null });
  });

  it('sets X-Next-Cursor only when there is a next page', () => {
    const headers: Record<string, string> = {};
    const reply = { header: (name: string, value: string) => void (headers[name] = value) } as unknown as FastifyReply;
    setNextCursor(reply, null);
    expect(headers).toEqual({});
    setNextCursor(reply, key);
    expect(decodePageCursor(headers[NEXT_CURSOR_HEADER])).toEqual(key);
  });
});

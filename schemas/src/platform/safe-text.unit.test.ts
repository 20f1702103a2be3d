import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { findUnsafeText, isSafeText, withSafeText } from './safe-text.ts';

describe('safe text: no NUL and no lone surrogate in any input string', () => {
  it('tells NUL characters and unpaired surrogates from any other text, emoji included', () => {
    expect(['', 'plain', 'naïve café', '😀 pair', '\u200b', '\n\t'].every(isSafeText)).toBe(true);
    expect(['\u0000', 'a\u0000b', '\ud800', 'x\udc00', '\udc00\ud800', '😀'.slice(0, 1)].some(isSafeText)).toBe(false);
  });

  it('finds the first unsafe string at any depth, keys included, without recursion', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, { c: 'bad\u0000' }] })).toEqual(['b', 1, 'c']);
    expect(findUnsafeText({ list: [{ ['\ud800']: 1 }] })).toEqual(['list', 0, '\ud800']);
    expect(findUnsafeText('\u0000')).toEqual([]);
    expect(findUnsafeText({ a: 1, b: null, c: true, d: ['fine'] })).toBeNull();
    let deep: unknown = 'deepest\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toHaveLength(100_000);
  });

  it('withSafeText refuses first, naming the field, then parses with the schema', () => {
    const schema = withSafeText(z.object({ name: z.string(), age: z.number() }));
    const refused = schema.safeParse({ name: 'Ada\u0000', age: 'not a number' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['name'],
        message: 'Text may not contain NUL characters or unpaired surrogates.',
      }),
    ]);
    expect(schema.safeParse({ name: 'Ada', age: 36, extra: 'dropped' }).data).toEqual({ name: 'Ada', age: 36 });
    expect(schema.safeParse({ name: 'Ada', age: 'x' }).error?.issues[0]?.path).toEqual(['age']);
  });
});

import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a path on this site, with its query', () => {
    expect(safeReturnTo('/stream/abc')).toBe('/stream/abc');
    expect(safeReturnTo('/stream/abc?tab=chat')).toBe('/stream/abc?tab=chat');
  });

  it('sends anything else to "/"', () => {
    for (const v of [
      null,
      undefined,
      '',
      'stream/abc',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnTo(v)).toBe('/');
    }
  });
});

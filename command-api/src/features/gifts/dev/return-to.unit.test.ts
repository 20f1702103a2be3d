import { describe, expect, it } from 'vitest';
import { sameSitePath } from './return-to.ts';

describe('sameSitePath: where the development payment page sends the payer back', () => {
  it('keeps a path of this site', () => {
    for (const path of [
      '/',
      '/stream/7d1c2f4e-2b8a-4d7e-9a51-0c3b5e6f7a8b',
      '/stream/abc?tab=chat#gifts',
      '/search?q=caf%C3%A9',
    ])
      expect(sameSitePath(path)).toBe(path);
  });

  it('sends anything that could leave the site to /', () => {
    const offSite = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '//evil.example',
      '//evil.example/path',
      '/\\evil.example',
      '/\\/evil.example',
      '\\\\evil.example',
      '/%09/evil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      '/%5Cevil.example',
      '/%5c%5cevil.example',
      '/%0d%0aLocation:%20https://evil.example',
      '/%',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      ' /stream/1',
      'stream/1',
      '',
      undefined,
    ];
    for (const value of offSite) expect([value, sameSitePath(value)]).toEqual([value, '/']);
  });
});

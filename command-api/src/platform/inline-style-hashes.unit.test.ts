import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineStyleHashes } from './inline-style-hashes.ts';

describe('the hashes of the built client page’s inline styles', () => {
  it('are the CSP sha256 sources of each <style> element’s text, and none without a built client', () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    expect(inlineStyleHashes(dist)).toEqual([]);
    writeFileSync(
      join(dist, 'index.html'),
      '<html><head><style>a{color:red}</style><link rel="stylesheet" href="/x.css"></head><body></body></html>',
    );
    // `printf 'a{color:red}' | openssl dgst -sha256 -binary | base64`
    expect(inlineStyleHashes(dist)).toEqual(["'sha256-6hWWMOcF+mJesSJGYhmK2lkIIEw9Xc5XKGLPVzh8yxs='"]);
  });
});

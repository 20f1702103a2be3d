import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Every file the entry reaches through relative imports, with the packages it names. */
function reach(entry: string): { files: Map<string, string>; packages: Set<string> } {
  const files = new Map<string, string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    const text = readFileSync(file, 'utf8');
    files.set(file, text);
    for (const [, specifier] of text.matchAll(/(?:import|export)[^'"]*?from\s*'([^']+)'/g)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
      else packages.add(specifier!);
    }
  };
  visit(resolve(here, entry));
  return { files, packages };
}

describe('entry points', () => {
  it('the root entry is browser-safe: only zod, no node:*, no environment, no server file', () => {
    const { files, packages } = reach('index.ts');
    expect([...packages]).toEqual(['zod']);
    for (const [file, text] of files) {
      expect({ file, readsEnv: /process\.env/.test(text) }).toEqual({ file, readsEnv: false });
    }
    expect(
      [...files.keys()]
        .map((f) => f.slice(here.length + 1))
        .filter((f) => f.endsWith('server.ts') || f.endsWith('config.ts')),
    ).toEqual([]);
  });

  it('the server entry holds the environment and node:crypto code', async () => {
    const server = await import('./server.ts');
    expect(Object.keys(server)).toEqual(
      expect.arrayContaining([
        'sharedConfigSchema',
        'loadConfig',
        'emailToken',
        'hashToken',
        'userIdOfToken',
        'accountsConfigShape',
        'DEVELOPMENT_TOKEN_SECRET',
        'assertProductionSecret',
      ]),
    );
    const root = await import('./index.ts');
    expect(Object.keys(root)).not.toEqual(expect.arrayContaining(['loadConfig']));
    expect(Object.keys(root)).not.toEqual(expect.arrayContaining(['emailToken']));
  });
});

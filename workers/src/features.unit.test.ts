import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { features } from './features.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

describe('the workers feature registry (features.ts)', () => {
  it('names each feature once, by its kebab-case folder, which holds its reactors, jobs, workers or schedules', () => {
    const names = features.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(existsSync(`${here}/${name}/index.ts`), `workers/src/${name}/index.ts`).toBe(true);
      const parts = readdirSync(`${here}/${name}`).filter((f) => /\.(reactor|jobs|worker|schedule)\.ts$/.test(f));
      expect(
        parts.length,
        `workers/src/${name}/ has *.reactor.ts, *.jobs.ts, *.worker.ts or *.schedule.ts files`,
      ).toBeGreaterThan(0);
    }
  });

  it('registers every feature folder, and main.ts starts the registry rather than features one by one', () => {
    const folders = readdirSync(here, { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name !== 'platform')
      .map((d) => d.name);
    expect(features.map((f) => f.name).sort()).toEqual(folders.sort());
    const main = readFileSync(`${here}/main.ts`, 'utf8');
    expect(main).toMatch(/from '\.\/features\.ts'/);
    expect(main).not.toMatch(/from '\.\/(?!features\.ts|config\.ts)[^']+'/);
  });
});

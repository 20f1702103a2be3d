import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { features } from '../../features.ts';
import { readModelsOf } from './route.ts';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The write model's sources: the stores and policies a command route runs live there. */
const WRITE_MODEL = resolve(SRC, '../../write-model/src');
/** The write model's entries (`exports` of its package.json): subpath -> file. */
const WRITE_MODEL_ENTRIES = JSON.parse(readFileSync(resolve(WRITE_MODEL, '../package.json'), 'utf8')).exports as Record<
  string,
  string
>;

/** Waiting for a read model, by any name: the query side's wait, the test helper's, the setting that bounds it. */
const READ_MODEL_WAIT = /\.waitFor\s*\(|\breadModelsCaughtUp\b|\bMIN_POSITION_WAIT_MS\b/;

/**
 * The files a file imports or re-exports at run time (type-only imports carry no code), inside
 * command-api/src and the write model (`@myworld/write-model[/<feature>]` is its entry file).
 */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)';/gms)) {
    const specifier = match[1]!;
    if (specifier.startsWith('.')) found.push(resolve(dirname(file), specifier));
    const entry = WRITE_MODEL_ENTRIES[specifier.replace(/^@myworld\/write-model/, '.')];
    if (specifier.startsWith('@myworld/write-model') && entry) found.push(resolve(WRITE_MODEL, '..', entry));
  }
  return found;
}

/** A file and everything it reaches through relative run-time imports. */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...runtimeImports(file));
  }
  return seen;
}

const routeFiles = readdirSync(join(SRC, 'features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => {
    const dir = join(SRC, 'features', d.name, 'routes');
    try {
      return readdirSync(dir)
        .filter((f) => f.endsWith('.ts') && !f.includes('.test.'))
        .map((f) => join(dir, f));
    } catch {
      return [];
    }
  });
/** Route files that declare a command (`config: { ..., command: 'X' }`). */
const commandRouteFiles = routeFiles.filter((file) => /\bcommand:\s*'/.test(readFileSync(file, 'utf8')));

describe('commands never wait for read models', () => {
  it('finds the command routes it checks', () => {
    expect(commandRouteFiles.length).toBeGreaterThan(40);
  });

  it('no command route, nor any code it runs, waits for a read model (waitFor and friends): what follows runs in a reactor', () => {
    const offenders: string[] = [];
    for (const route of commandRouteFiles) {
      for (const file of reachable(route)) {
        if (READ_MODEL_WAIT.test(readFileSync(file, 'utf8')))
          offenders.push(`${relative(SRC, route)} -> ${relative(SRC, file)}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('follows a route into the write model (the stores and policies it runs)', () => {
    const likeRoute = commandRouteFiles.find((file) => file.endsWith('engagement/routes/like-post.ts'));
    expect(likeRoute).toBeDefined();
    expect([...reachable(likeRoute!)]).toContain(join(WRITE_MODEL, 'engagement/like.store.ts'));
  });

  it("would notice a wait in the write model: the policies' entry, which only the workers' reactor runs, waits", () => {
    const policies = join(WRITE_MODEL, 'moderation/policies.ts');
    expect(runtimeImports(policies)).toEqual(expect.arrayContaining([join(WRITE_MODEL, 'moderation/auto-hide.ts')]));
    expect(READ_MODEL_WAIT.test(readFileSync(policies, 'utf8'))).toBe(true);
    expect([...reachable(join(WRITE_MODEL, 'moderation/index.ts'))]).not.toContain(policies);
  });

  it('no command route declares a read model to wait for (X-Min-Position applies to reads only; "none" says why it reads none)', () => {
    const waiting = features.flatMap((feature) =>
      feature.routes
        .filter((route) => route.config.command && readModelsOf(route.config.readModel).length > 0)
        .map((route) => `${route.method} ${route.url}`),
    );
    expect(waiting).toEqual([]);
  });
});

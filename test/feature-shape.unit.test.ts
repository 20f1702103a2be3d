import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { features as apiFeatures } from '@myworld/command-api';

/**
 * A feature has one kebab-case name and the same folders in every package where it has code
 * (docs/architecture.md, "Adding a feature"). These checks read the tree, so a feature that is
 * registered but misses a folder, or a folder that no registry names, fails here.
 */
const root = new URL('..', import.meta.url).pathname;
const KEBAB = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const folders = (path: string) =>
  readdirSync(join(root, path)).filter((n) => statSync(join(root, path, n)).isDirectory());

/** Shared machinery lives beside the features but is not one (the write model's command runner and session store). */
const NOT_FEATURES = new Set(['platform', 'testing', 'commands', 'sessions']);
/** Pages with no server side of their own (static texts, local demos, or other features' APIs: the editor posts through posts and media). */
const WEB_ONLY = new Set(['landing', 'legal', 'mobile-demo', 'video-editor', 'video-editor-test']);
/** Features that only read other features' read models: they record nothing, so they have no events. */
const READ_ONLY = new Set(['feed', 'profiles', 'recommendations', 'search', 'trending']);

const registered = apiFeatures.map((f) => f.name);

describe('the feature shape', () => {
  it('names every registered feature in kebab-case, once', () => {
    expect(registered.length).toBeGreaterThan(0);
    for (const name of registered) expect(name).toMatch(KEBAB);
    expect(new Set(registered).size).toBe(registered.length);
  });

  it.each(registered)('%s has its folder and entry in schemas, command-api and web', (name) => {
    expect(existsSync(join(root, 'schemas/src', name, 'index.ts')), `schemas/src/${name}/index.ts`).toBe(true);
    if (!READ_ONLY.has(name))
      expect(existsSync(join(root, 'schemas/src', name, 'events.ts')), `schemas/src/${name}/events.ts`).toBe(true);
    expect(
      existsSync(join(root, 'command-api/src/features', name, 'index.ts')),
      `command-api/src/features/${name}/index.ts`,
    ).toBe(true);
    expect(
      existsSync(join(root, 'command-api/src/features', name, 'routes')),
      `command-api/src/features/${name}/routes/`,
    ).toBe(true);
    expect(existsSync(join(root, 'web/src/features', name, 'routes.tsx')), `web/src/features/${name}/routes.tsx`).toBe(
      true,
    );
  });

  it.each(registered)('%s: the schemas index re-exports the feature, and the assembled unions include it', (name) => {
    expect(read('schemas/src/index.ts')).toContain(`./${name}/index.ts`);
    if (!READ_ONLY.has(name)) expect(read('schemas/src/events.ts')).toContain(`./${name}/`);
    if (existsSync(join(root, 'schemas/src', name, 'ws.ts'))) expect(read('schemas/src/ws.ts')).toContain(`./${name}/`);
  });

  it('every feature folder in every package belongs to a registered feature', () => {
    const known = new Set([...registered, ...NOT_FEATURES]);
    const places: Array<[string, string[]]> = [
      ['schemas/src', folders('schemas/src')],
      ['write-model/src', folders('write-model/src')],
      ['command-api/src/features', folders('command-api/src/features')],
      ['workers/src', folders('workers/src')],
      ['web/src/features', folders('web/src/features').filter((n) => !WEB_ONLY.has(n))],
    ];
    for (const [place, names] of places) {
      for (const name of names) expect(known.has(name), `${place}/${name} is not a registered feature`).toBe(true);
    }
  });

  it("each registry names its package's feature folders: one line per feature", () => {
    const webRoutes = read('web/src/app/routes.tsx');
    for (const name of folders('web/src/features')) expect(webRoutes).toContain(`../features/${name}/routes.tsx`);
    const workers = read('workers/src/features.ts');
    for (const name of folders('workers/src').filter((n) => !NOT_FEATURES.has(n)))
      expect(workers).toContain(`./${name}/index.ts`);
    const api = read('command-api/src/features.ts');
    for (const name of folders('command-api/src/features')) expect(api).toContain(`./features/${name}/index.ts`);
  });

  it("a feature's write side is in write-model/src/<f>/, published as @myworld/write-model/<f>; none is left in the API", () => {
    const exported = Object.keys(JSON.parse(read('write-model/package.json')).exports as Record<string, string>);
    const sides = folders('write-model/src').filter((n) => !NOT_FEATURES.has(n));
    expect(sides.length).toBeGreaterThan(0);
    for (const name of sides) {
      expect(existsSync(join(root, 'write-model/src', name, 'index.ts')), `write-model/src/${name}/index.ts`).toBe(
        true,
      );
      expect(exported, `write-model exports ./${name}`).toContain(`./${name}`);
    }
    const allowed = [
      '.',
      './testing',
      ...[...NOT_FEATURES].map((n) => `./${n}`),
      ...sides.flatMap((n) => [`./${n}`, `./${n}/policies`]),
    ];
    for (const key of exported) expect(allowed).toContain(key);
    const leftInApi = spawnSync(
      'git',
      ['ls-files', 'command-api/src/**/*.decider.ts', 'command-api/src/**/*.state.ts', 'command-api/src/**/*.store.ts'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(leftInApi.stdout.trim()).toBe('');
  });

  it.each(registered)('%s declares its configuration in its Feature definition when it has a config.ts', (name) => {
    const feature = apiFeatures.find((f) => f.name === name);
    const hasConfigFile = existsSync(join(root, 'command-api/src/features', name, 'config.ts'));
    expect(feature?.config !== undefined, `features/${name}: config.ts and Feature.config go together`).toBe(
      hasConfigFile,
    );
  });

  it('read models keep the <model>/<model>.projection.ts + <model>.queries.ts shape and are all registered', () => {
    const registry = read('projections/src/all-projections.ts');
    for (const model of folders('projections/src/read-models')) {
      expect(model).toMatch(KEBAB);
      expect(
        existsSync(join(root, 'projections/src/read-models', model, `${model}.projection.ts`)),
        `${model}.projection.ts`,
      ).toBe(true);
      expect(
        existsSync(join(root, 'projections/src/read-models', model, `${model}.queries.ts`)),
        `${model}.queries.ts`,
      ).toBe(true);
      expect(registry).toContain(`./read-models/${model}/${model}.projection.ts`);
    }
  });

  it('no package exports "./*" and nothing outside workers/ imports @myworld/workers', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[];
    for (const ws of workspaces) {
      const exports = JSON.parse(read(`${ws}/package.json`)).exports ?? {};
      for (const key of Object.keys(exports)) expect(key, `${ws} exports ${key}`).not.toContain('*');
    }
    // git grep exits 1 when nothing matches: that is the passing case.
    const grep = spawnSync(
      'git',
      [
        'grep',
        '-l',
        '-E',
        "^(import|export)[^'\"]*from '@myworld/workers['/]|import\\('@myworld/workers",
        '--',
        '*.ts',
        '*.tsx',
        ':!workers/',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(grep.status, grep.stderr).not.toBe(128);
    const importers = grep.stdout.trim();
    expect(importers).toBe('');
  });
});

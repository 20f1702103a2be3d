import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * `npm run lint` runs dependency-cruiser with the repo's .dependency-cruiser.cjs. Here the same
 * config cruises a small copy of the repo's layout that breaks every rule once, beside imports
 * that are allowed, so a rule that silently stops matching fails this test.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'fixture',
    private: true,
    type: 'module',
    workspaces: ['schemas', 'projections', 'write-model', 'workers', 'web', 'command-api', 'testkit'],
  }),
  'schemas/package.json': JSON.stringify({
    name: '@myworld/schemas',
    type: 'module',
    exports: { '.': './src/index.ts', './server': './src/server.ts' },
  }),
  'schemas/src/index.ts': "export * from './accounts/index.ts';\n",
  'schemas/src/accounts/index.ts': 'export const accounts = 1;\n',
  'schemas/src/accounts/server.ts': "import { createHash } from 'node:crypto';\nexport const h = createHash;\n",
  'schemas/src/server.ts':
    "import { h } from './accounts/server.ts';\nimport { readFileSync } from 'node:fs';\nexport { h, readFileSync };\n",
  'schemas/src/accounts/leaky.ts': "import { h } from './server.ts';\nexport const x = h;\n",
  'schemas/src/accounts/uses-node.ts': "import { randomUUID } from 'node:crypto';\nexport const y = randomUUID;\n",
  'schemas/src/accounts/leaky.unit.test.ts':
    "import { readFileSync } from 'node:fs';\nexport const z = readFileSync;\n",
  'projections/package.json': JSON.stringify({
    name: '@myworld/projections',
    type: 'module',
    exports: { '.': './src/index.ts', './testing': './src/testing/index.ts' },
  }),
  'projections/src/index.ts': "export * from './internal.ts';\n",
  'projections/src/internal.ts': 'export const internal = 1;\n',
  'projections/src/testing/index.ts': 'export const seed = 1;\n',
  'write-model/package.json': JSON.stringify({
    name: '@myworld/write-model',
    type: 'module',
    exports: {
      '.': './src/index.ts',
      './media': './src/media/index.ts',
      './media/policies': './src/media/policies.ts',
    },
  }),
  'write-model/src/index.ts': 'export const runner = 1;\n',
  'write-model/src/media/index.ts': "import { runner } from '../index.ts';\nexport const media = runner;\n",
  'write-model/src/media/internal.ts': 'export const mediaInternal = 1;\n',
  'write-model/src/media/policies.ts': 'export const mediaPolicies = 1;\n',
  'command-api/src/runs-policies.ts':
    "import { mediaPolicies } from '@myworld/write-model/media/policies';\nexport const rp = mediaPolicies;\n",
  'workers/src/policies.reactor.ts':
    "import { mediaPolicies } from '@myworld/write-model/media/policies';\nexport const wr = mediaPolicies;\n",
  'write-model/src/media/http.ts': [
    "import fastify from 'fastify';",
    "import { api } from '../../../command-api/src/api.ts';",
    "import { w } from '../../../workers/src/main.ts';",
    'export const http = [fastify, api, w];',
    '',
  ].join('\n'),
  'workers/package.json': JSON.stringify({ name: '@myworld/workers', type: 'module' }),
  'workers/src/uses-api.ts': "import { api } from '../../command-api/src/api.ts';\nexport const wa = api;\n",
  'workers/src/main.ts':
    "import { accounts } from '@myworld/schemas';\nimport { internal } from '@myworld/projections';\nexport const w = [accounts, internal];\n",
  'web/package.json': JSON.stringify({ name: '@myworld/web', type: 'module' }),
  'web/src/features/a/page.tsx':
    "import { b } from '../b/page.tsx';\nimport { accounts } from '@myworld/schemas';\nimport { ui } from '../../components/ui/button.tsx';\nimport { socket } from '../../lib/socket.ts';\nexport const a = [b, accounts, ui, socket];\n",
  'web/src/features/a/parts/inner.tsx': "import { a } from '../page.tsx';\nexport const inner = a;\n",
  'web/src/features/b/page.tsx': [
    "import pg from 'pg';",
    "import { readFileSync } from 'node:fs';",
    "import { h } from '@myworld/schemas/server';",
    "import { internal } from '@myworld/projections';",
    "import { Device } from 'mediasoup-client';",
    "import * as mediasoup from 'mediasoup';",
    'export const b = [pg, readFileSync, h, internal, Device, mediasoup];',
    '',
  ].join('\n'),
  'web/src/lib/socket.ts': "import { a } from '../features/a/page.tsx';\nexport const socket = a;\n",
  'web/src/components/ui/button.tsx': 'export const ui = 1;\n',
  'command-api/package.json': JSON.stringify({
    name: '@myworld/command-api',
    type: 'module',
    exports: { './testing': './src/testing/index.ts' },
  }),
  'command-api/src/testing/index.ts': "import { api } from '../api.ts';\nexport const harness = api;\n",
  'testkit/package.json': JSON.stringify({
    name: '@myworld/testkit',
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'testkit/src/index.ts': "import { harness } from '@myworld/command-api/testing';\nexport const kit = harness;\n",
  'workers/src/api.int.test.ts':
    "import { harness } from '@myworld/command-api/testing';\nimport { api } from '../../command-api/src/api.ts';\nexport const t = [harness, api];\n",
  'command-api/src/ok.ts':
    "import { internal } from '@myworld/projections';\nimport { seed } from '@myworld/projections/testing';\nimport { h } from '@myworld/schemas/server';\nimport { media } from '@myworld/write-model/media';\nexport const ok = [internal, seed, h, media];\n",
  'command-api/src/api.ts': 'export const api = 1;\n',
  'command-api/src/features/gifts/config.ts': 'export const giftsConfig = 1;\n',
  'command-api/src/features.ts':
    "import { giftsConfig } from './features/gifts/config.ts';\nexport const features = [giftsConfig];\n",
  'command-api/src/config.ts':
    "import { giftsConfig } from './features/gifts/config.ts';\nimport { features } from './features.ts';\nexport const config = [giftsConfig, features];\n",
  'command-api/src/platform/http/route.ts':
    "import { giftsConfig } from '../../features/gifts/config.ts';\nexport const route = giftsConfig;\n",
  'command-api/src/platform/http/route.int.test.ts':
    "import { giftsConfig } from '../../features/gifts/config.ts';\nexport const t = giftsConfig;\n",
  'command-api/src/deep-write-model.ts':
    "import { mediaInternal } from '../../write-model/src/media/internal.ts';\nexport const dw = mediaInternal;\n",
  'command-api/src/deep.ts':
    "import { internal } from '../../projections/src/internal.ts';\nexport const deep = internal;\n",
  'command-api/src/unexported.ts': "import { x } from '@myworld/projections/internal';\nexport const u = x;\n",
  'command-api/src/uses-workers.ts': "import { w } from '../../workers/src/main.ts';\nexport const uw = w;\n",
  'command-api/src/cycle-a.ts': "import { cb } from './cycle-b.ts';\nexport const ca = () => cb;\n",
  'command-api/src/cycle-b.ts': "import { ca } from './cycle-a.ts';\nexport const cb = () => ca;\n",
  'command-api/src/types-a.ts': "import type { TB } from './types-b.ts';\nexport type TA = { b?: TB };\n",
  'command-api/src/types-b.ts': "import type { TA } from './types-a.ts';\nexport type TB = { a?: TA };\n",
  'node_modules/fastify/package.json': JSON.stringify({ name: 'fastify', main: 'index.js' }),
  'node_modules/fastify/index.js': 'module.exports = {};\n',
  'node_modules/pg/package.json': JSON.stringify({ name: 'pg', main: 'index.js' }),
  'node_modules/pg/index.js': 'module.exports = {};\n',
  'node_modules/mediasoup/package.json': JSON.stringify({ name: 'mediasoup', main: 'index.js' }),
  'node_modules/mediasoup/index.js': 'module.exports = {};\n',
  'node_modules/mediasoup-client/package.json': JSON.stringify({ name: 'mediasoup-client', main: 'index.js' }),
  'node_modules/mediasoup-client/index.js': 'module.exports = {};\n',
};

type Violation = { rule: { name: string }; from: string; to: string };

describe('npm run lint (.dependency-cruiser.cjs)', () => {
  let dir: string;
  let violations: string[];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lint-fixture-'));
    for (const [path, content] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    mkdirSync(join(dir, 'node_modules/@myworld'), { recursive: true });
    for (const pkg of ['schemas', 'projections', 'write-model', 'workers', 'web', 'command-api', 'testkit'])
      symlinkSync(join(dir, pkg), join(dir, 'node_modules/@myworld', pkg));
    copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    const run = await promisify(execFile)(
      process.execPath,
      [
        depcruise,
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
        'schemas',
        'projections',
        'write-model',
        'workers',
        'web',
        'command-api',
        'testkit',
      ],
      {
        cwd: dir,
        maxBuffer: 32 * 1024 * 1024,
      },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const result = JSON.parse(run.stdout) as { summary: { violations: Violation[] } };
    violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('forbids cross-feature imports in web, and shared web code importing a feature', () => {
    expect(violations).toContain('web-no-cross-feature: web/src/features/a/page.tsx -> web/src/features/b/page.tsx');
    expect(violations).toContain('web-shared-no-features: web/src/lib/socket.ts -> web/src/features/a/page.tsx');
    expect(violations.filter((v) => v.startsWith('web-') && v.includes('parts/inner.tsx'))).toEqual([]);
  });

  it('forbids server packages, the schemas server entry and Node built-ins in web', () => {
    const fromB = violations.filter((v) => v.includes('web/src/features/b/page.tsx ->'));
    expect(fromB).toEqual(
      expect.arrayContaining([
        'web-no-server-packages: web/src/features/b/page.tsx -> node_modules/pg/index.js',
        'web-no-server-packages: web/src/features/b/page.tsx -> node_modules/mediasoup/index.js',
        'web-no-server-packages: web/src/features/b/page.tsx -> schemas/src/server.ts',
        'web-no-server-packages: web/src/features/b/page.tsx -> projections/src/index.ts',
        'web-no-node-builtins: web/src/features/b/page.tsx -> fs',
      ]),
    );
    expect(fromB.filter((v) => v.includes('mediasoup-client'))).toEqual([]);
  });

  it('forbids deep imports across packages, allowing the root, ./server and ./testing entries', () => {
    expect(violations).toContain('no-deep-import: command-api/src/deep.ts -> projections/src/internal.ts');
    expect(violations).toContain('not-to-unresolvable: command-api/src/unexported.ts -> @myworld/projections/internal');
    expect(violations.filter((v) => v.includes('command-api/src/ok.ts'))).toEqual([]);
    expect(violations.filter((v) => v.includes('workers/src/main.ts ->'))).toEqual([]);
  });

  it('forbids importing @myworld/workers from anywhere else', () => {
    expect(violations).toContain('no-workers-import: command-api/src/uses-workers.ts -> workers/src/main.ts');
  });

  it('keeps HTTP, the API and the workers out of the write model, and the API out of the workers', () => {
    expect(violations).toEqual(
      expect.arrayContaining([
        'write-model-no-http: write-model/src/media/http.ts -> node_modules/fastify/index.js',
        'write-model-no-http: write-model/src/media/http.ts -> command-api/src/api.ts',
        'write-model-no-http: write-model/src/media/http.ts -> workers/src/main.ts',
        'workers-no-command-api: workers/src/uses-api.ts -> command-api/src/api.ts',
      ]),
    );
  });

  it("keeps the API out of the test kit, and lets the workers' tests reach only the API's harness", () => {
    expect(violations).toContain('testkit-no-command-api: testkit/src/index.ts -> command-api/src/testing/index.ts');
    expect(violations).toContain(
      'workers-tests-api-harness-only: workers/src/api.int.test.ts -> command-api/src/api.ts',
    );
    expect(violations.filter((v) => v.includes('workers/src/api.int.test.ts -> command-api/src/testing/'))).toEqual([]);
  });

  it("keeps the features out of the API's platform and config.ts, which merges them from the feature list", () => {
    const platform = violations.filter((v) => v.startsWith('api-platform-no-features'));
    expect(platform).toEqual([
      'api-platform-no-features: command-api/src/config.ts -> command-api/src/features/gifts/config.ts',
      'api-platform-no-features: command-api/src/platform/http/route.ts -> command-api/src/features/gifts/config.ts',
    ]);
  });

  it("keeps the policies out of the API: only the workers' reactors run them", () => {
    expect(violations).toContain(
      'api-no-policies: command-api/src/runs-policies.ts -> write-model/src/media/policies.ts',
    );
    expect(violations.filter((v) => v.includes('workers/src/policies.reactor.ts ->'))).toEqual([]);
  });

  it('reaches the write model through its per-feature entries only', () => {
    expect(violations).toContain(
      'no-deep-import: command-api/src/deep-write-model.ts -> write-model/src/media/internal.ts',
    );
    expect(violations.filter((v) => v.includes('command-api/src/ok.ts ->'))).toEqual([]);
  });

  it('keeps the browser-safe schemas free of node:* and of server.ts; server.ts files and tests may use them', () => {
    expect(violations).toContain('schemas-browser-safe: schemas/src/accounts/uses-node.ts -> crypto');
    expect(violations).toContain(
      'schemas-browser-safe: schemas/src/accounts/leaky.ts -> schemas/src/accounts/server.ts',
    );
    expect(
      violations.filter((v) => /schemas\/src\/(server|accounts\/server|accounts\/leaky\.unit\.test)\.ts ->/.test(v)),
    ).toEqual([]);
  });

  it('finds import cycles at run time but not type-only ones', () => {
    expect(violations.filter((v) => v.startsWith('no-circular'))).toEqual(
      expect.arrayContaining([expect.stringContaining('command-api/src/cycle-a.ts -> command-api/src/cycle-b.ts')]),
    );
    expect(violations.filter((v) => v.startsWith('no-circular') && v.includes('types-'))).toEqual([]);
  });
});

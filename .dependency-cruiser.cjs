// `npm run lint`: the import boundaries between packages and between web features, checked by
// dependency-cruiser on the sources (no build needed). Paths in rules are relative to the repo root.
const { readFileSync, existsSync } = require('node:fs');
const { join, normalize } = require('node:path');

/** The npm workspaces (each a package); `e2e/`, `test/`, `scripts/` and `bench/` belong to the root. */
const PACKAGES = JSON.parse(readFileSync(join(__dirname, 'package.json'), 'utf8')).workspaces;
/** Subpaths another package may import: the root, the schemas server entry and test helpers. */
const PUBLIC_SUBPATHS = ['.', './server', './testing'];
/** The write model's entries: one per feature (`@myworld/write-model/<feature>`), as its package.json lists them. */
const WRITE_MODEL_MANIFEST = join(__dirname, 'write-model', 'package.json');
const WRITE_MODEL_SUBPATHS = existsSync(WRITE_MODEL_MANIFEST)
  ? Object.keys(JSON.parse(readFileSync(WRITE_MODEL_MANIFEST, 'utf8')).exports ?? {})
  : [];
/**
 * Entries beyond PUBLIC_SUBPATHS: the test kit's lighter ones, for processes that need only part
 * of it (browser tests, vitest's global set-up), and the write model's per-feature ones.
 */
const EXTRA_SUBPATHS = { testkit: ['./browser', './scratch-postgres'], 'write-model': WRITE_MODEL_SUBPATHS };
/** Server-side npm packages the browser bundle must never pull in. */
const SERVER_NPM = [
  'pg',
  'ioredis',
  'fastify',
  '@fastify/[^/]+',
  'bullmq',
  'mediasoup',
  'nodemailer',
  'pino',
  'kysely',
  'smtp-server',
  'mailparser',
  '@kurrent/[^/]+',
];

/** schemas' server-only files: `src/server.ts` and a feature's `src/<f>/server.ts`. */
const SCHEMAS_SERVER = ['^schemas/src/server\\.ts$', '^schemas/src/[^/]+/server\\.ts$'];

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The files a package's `exports` publishes under PUBLIC_SUBPATHS (wildcard exports publish nothing). */
function entryFiles(pkg) {
  const manifest = join(__dirname, pkg, 'package.json');
  if (!existsSync(manifest)) return [];
  const { exports: surface } = JSON.parse(readFileSync(manifest, 'utf8'));
  if (!surface) return [];
  const map = typeof surface === 'string' ? { '.': surface } : surface;
  const targets = (t) =>
    typeof t === 'string' ? [t] : t && typeof t === 'object' ? Object.values(t).flatMap(targets) : [];
  return [...PUBLIC_SUBPATHS, ...(EXTRA_SUBPATHS[pkg] ?? [])]
    .filter((k) => k in map)
    .flatMap((k) => targets(map[k]))
    .map((target) => normalize(join(pkg, target)));
}

/** Another package's files may be reached only through its published entry files (workers: no-workers-import). */
const deepImportRules = PACKAGES.filter((pkg) => pkg !== 'workers').map((pkg) => ({
  name: 'no-deep-import',
  comment: `Import @myworld/${pkg} through its package entry ("." or a declared ./server, ./testing), not its files.`,
  severity: 'error',
  from: { pathNot: `^${escape(pkg)}/` },
  to: {
    path: `^${escape(pkg)}/`,
    pathNot: entryFiles(pkg).map((f) => `^${escape(f)}$`),
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'web-no-cross-feature',
      comment: 'A web feature never imports another feature; shared code goes to web/src/lib or web/src/components.',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-shared-no-features',
      comment: 'web/src/lib and web/src/components are shared by features, so they never import one.',
      severity: 'error',
      from: { path: '^web/src/(lib|components)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-no-server-packages',
      comment: 'The browser bundle imports no server package, server entry, Node built-in or server library.',
      severity: 'error',
      from: { path: '^web/src/' },
      to: {
        path: [
          '^(eventstore|projections|command-api|workers|sfu|storage|testkit)/',
          ...SCHEMAS_SERVER,
          `(^|/)node_modules/(${SERVER_NPM.join('|')})/`,
        ],
      },
    },
    {
      name: 'web-no-node-builtins',
      comment: 'The browser bundle imports no Node built-in (node:fs, node:crypto, ...).',
      severity: 'error',
      from: { path: '^web/src/' },
      to: { dependencyTypes: ['core'] },
    },
    ...deepImportRules,
    {
      name: 'no-workers-import',
      comment:
        'Nothing outside workers/ imports @myworld/workers: the product starts it as a process (benchmarks measure its parts).',
      severity: 'error',
      from: { pathNot: ['^workers/', '^bench/'] },
      to: { path: '^workers/' },
    },
    {
      name: 'write-model-no-http',
      comment:
        'The write model (deciders, states, stores, policies) serves the API and the workers alike: no fastify, no @fastify/*, no command-api, no workers.',
      severity: 'error',
      from: { path: '^write-model/' },
      to: { path: ['^(command-api|workers)/', '(^|/)node_modules/(fastify|@fastify/[^/]+)/'] },
    },
    {
      name: 'workers-no-command-api',
      comment:
        'The workers take the write side from @myworld/write-model, never from the HTTP package; only their tests may start the API, through @myworld/command-api/testing.',
      severity: 'error',
      from: { path: '^workers/', pathNot: '\\.test\\.ts$' },
      to: { path: '^command-api/' },
    },
    {
      name: 'workers-tests-api-harness-only',
      comment: "The workers' tests reach the API only through its test harness (@myworld/command-api/testing).",
      severity: 'error',
      from: { path: '^workers/.+\\.test\\.ts$' },
      to: { path: '^command-api/', pathNot: '^command-api/src/testing/' },
    },
    {
      name: 'api-no-policies',
      comment:
        "A policy decides what follows from an event, so only the workers' checkpointed reactors run it (never a request): the API imports no write-model/src/<feature>/policies.ts.",
      severity: 'error',
      from: { path: '^command-api/' },
      to: { path: '^write-model/src/[^/]+/policies\\.ts$' },
    },
    {
      name: 'api-platform-no-features',
      comment:
        "The API's platform serves every feature and knows none: a feature brings its own config (Feature.config), routes and reactions, and config.ts merges them from the feature list. (Its integration tests drive the whole API, features included.)",
      severity: 'error',
      from: { path: '^command-api/src/(platform/|config\\.ts$|services\\.ts$)', pathNot: '\\.test\\.ts$' },
      to: { path: '^command-api/src/features/' },
    },
    {
      name: 'testkit-no-command-api',
      comment:
        "The test kit is generic (clients, sockets, SMTP, processes): the API's harness builds on it in @myworld/command-api/testing, so command-api -> testkit -> command-api is no cycle.",
      severity: 'error',
      from: { path: '^testkit/' },
      to: { path: '^command-api/' },
    },
    {
      name: 'schemas-browser-safe',
      comment: 'The browser-safe schemas (all but **/server.ts and tests) import no Node built-in and no server entry.',
      severity: 'error',
      from: { path: '^schemas/src/', pathNot: [...SCHEMAS_SERVER, '\\.test\\.tsx?$'] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'schemas-browser-safe',
      comment: 'The browser-safe schemas (all but **/server.ts and tests) import no Node built-in and no server entry.',
      severity: 'error',
      from: { path: '^schemas/src/', pathNot: [...SCHEMAS_SERVER, '\\.test\\.tsx?$'] },
      to: { path: SCHEMAS_SERVER },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles at run time (type-only cycles are erased and allowed).',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import resolves (a deep import into a package whose exports no longer publish it fails here).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['^web/dist/', '^web/dist-ssr/', '(^|/)\\.outbox/', '^test-artifacts/'] },
    // Type-only imports count too: a web file naming a server type still couples the two.
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
    cache: false,
    reporterOptions: { text: { highlightFocused: true } },
  },
};

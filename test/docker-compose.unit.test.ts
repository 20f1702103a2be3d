import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { commandProblems, words } from './support/command-references.ts';

/*
 * docker-compose.yml and the Dockerfile cannot be run here (no Docker engine), so their wiring is
 * checked statically: each check returns the problems it finds, and the "broken copies" tests
 * prove the checks notice a removed service, a localhost URL, a dangling depends_on, and so on.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const read = (path: string) => readFileSync(`${root}/${path}`, 'utf8');

const INFRA_PORTS: Record<string, number[]> = {
  kurrentdb: [2113],
  postgres: [5432],
  redis: [6379],
  minio: [9000],
  mailpit: [1025, 8025],
};
const HEALTHCHECKED = ['postgres', 'redis', 'kurrentdb'];
/** The API instances the proxy balances over. */
const API_INSTANCES = ['api', 'api-2'];
/** App service → the file its command runs. */
const APP_ENTRY_POINTS: Record<string, string> = {
  api: 'command-api/src/main.ts',
  'api-2': 'command-api/src/main.ts',
  projections: 'projections/src/main.ts',
  workers: 'workers/src/main.ts',
  migrate: 'scripts/migrate.ts',
};
/** URL variables → the compose service they must point at. */
const SERVICE_URLS: Record<string, string> = {
  DATABASE_URL: 'postgres',
  REDIS_URL: 'redis',
  EVENTSTORE_URL: 'kurrentdb',
  SMTP_URL: 'mailpit',
  S3_ENDPOINT: 'minio',
};
const OTHER_APP_VARIABLES = [
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_REGION',
  'PUBLIC_URL',
  'MAIL_FROM',
  'TOKEN_SECRET',
  'PERSONAL_DATA_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
];

type Doc = { services?: Record<string, Service> };
type Service = {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  ports?: Array<string | number | { target?: number; published?: string | number; protocol?: string }>;
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: unknown };
  restart?: string;
};

function loadCompose(): Doc {
  return parse(read('docker-compose.yml'), { merge: true }) as Doc;
}

/** Compose's ${VAR:-default} as it resolves with VAR unset. */
function interpolate(value: string): string {
  return value.replace(/\$\{[A-Z0-9_]+(?::?-([^}]*))?\}/g, (_, fallback: string | undefined) => fallback ?? '');
}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  const pairs = Array.isArray(env) ? env.map((e) => e.split(/=(.*)/s, 2) as [string, string?]) : Object.entries(env);
  return Object.fromEntries(pairs.map(([k, v]) => [k, interpolate(String(v ?? ''))]));
}

/** Container ports a service publishes, with protocol ("2113/tcp"), ranges expanded. */
function publishedPorts(service: Service): Set<string> {
  const out = new Set<string>();
  for (const p of service.ports ?? []) {
    if (typeof p === 'object') {
      if (p.target !== undefined && p.published !== undefined) out.add(`${p.target}/${p.protocol ?? 'tcp'}`);
      continue;
    }
    const [spec, protocol = 'tcp'] = String(p).split('/');
    const parts = spec!.split(':');
    if (parts.length < 2) continue; // only exposed to other containers, not published
    const [from, to = from] = parts[parts.length - 1]!.split('-').map(Number);
    for (let port = from!; port <= to!; port++) out.add(`${port}/${protocol}`);
  }
  return out;
}

function dependencies(service: Service): Record<string, string> {
  const d = service.depends_on ?? {};
  if (Array.isArray(d)) return Object.fromEntries(d.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(d).map(([name, v]) => [name, v?.condition ?? 'service_started']));
}

function composeProblems(doc: Doc): string[] {
  const problems: string[] = [];
  const services = doc.services ?? {};
  const names = new Set(Object.keys(services));

  for (const name of [...Object.keys(INFRA_PORTS), ...Object.keys(APP_ENTRY_POINTS)]) {
    if (!names.has(name)) problems.push(`service ${name} is missing`);
  }
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name} has neither image nor build`);
  }

  for (const [name, ports] of Object.entries(INFRA_PORTS)) {
    const service = services[name];
    if (!service) continue;
    const published = publishedPorts(service);
    for (const port of ports) if (!published.has(`${port}/tcp`)) problems.push(`${name} does not publish ${port}`);
  }
  for (const name of HEALTHCHECKED) {
    if (services[name] && !services[name]!.healthcheck?.test) problems.push(`${name} has no healthcheck`);
  }

  for (const [name, entry] of Object.entries(APP_ENTRY_POINTS)) {
    const service = services[name];
    if (!service) continue;
    if (!service.build) problems.push(`${name} is not built from the repo's Dockerfile`);
    const command = [service.command ?? []].flat().join(' ');
    if (!command.includes(`tsx ${entry}`))
      problems.push(`${name} does not run "tsx ${entry}" (command: ${command || 'none'})`);
    if (!existsSync(`${root}/${entry}`)) problems.push(`${name} runs ${entry}, which does not exist`);

    const env = environmentOf(service);
    for (const [variable, host] of Object.entries(SERVICE_URLS)) {
      const value = env[variable];
      if (!value) {
        problems.push(`${name} lacks ${variable}`);
        continue;
      }
      let hostname: string;
      try {
        hostname = new URL(value).hostname;
      } catch {
        problems.push(`${name} ${variable} is not a URL: ${value}`);
        continue;
      }
      if (hostname !== host) problems.push(`${name} ${variable} points at ${hostname}, not the ${host} service`);
      if (!names.has(hostname)) problems.push(`${name} ${variable} names ${hostname}, which is no compose service`);
    }
    for (const [variable, value] of Object.entries(env)) {
      if (variable in SERVICE_URLS && /localhost|127\.0\.0\.1|\[::1\]/.test(value)) {
        problems.push(`${name} ${variable} points at the container itself (${value})`);
      }
    }
    for (const variable of OTHER_APP_VARIABLES) if (!env[variable]) problems.push(`${name} lacks ${variable}`);

    if (name !== 'migrate') {
      const deps = dependencies(service);
      if (deps.migrate !== 'service_completed_successfully')
        problems.push(`${name} does not wait for migrate to finish`);
      for (const infra of HEALTHCHECKED) {
        if (deps[infra] !== 'service_healthy') problems.push(`${name} does not wait for ${infra} to be healthy`);
      }
    }
  }

  // Two API instances behind the proxy: each SFU reachable by browsers on its own RTC range and
  // by the other instance's SFU at its own service name (the pipes between them).
  const rtcRanges: Array<{ name: string; min: number; max: number }> = [];
  for (const name of API_INSTANCES) {
    const api = services[name];
    if (!api) continue;
    const env = environmentOf(api);
    if (env.SFU_LISTEN_IP !== '0.0.0.0') problems.push(`${name} SFU_LISTEN_IP must be 0.0.0.0 inside a container`);
    if (!('SFU_ANNOUNCED_ADDRESS' in env)) problems.push(`${name} lacks SFU_ANNOUNCED_ADDRESS`);
    if (env.SFU_PIPE_ANNOUNCED_ADDRESS !== name)
      problems.push(
        `${name} must announce its pipes as "${name}" (SFU_PIPE_ANNOUNCED_ADDRESS), the address other instances reach`,
      );
    if (env.TRUST_PROXY !== 'true') problems.push(`${name} must trust the proxy's X-Forwarded-For (TRUST_PROXY)`);
    const published = publishedPorts(api);
    if (published.has(`${env.PORT ?? 3000}/tcp`))
      problems.push(`${name} publishes its HTTP port: clients go through the proxy`);
    const min = Number(env.SFU_RTC_MIN_PORT ?? 40000);
    const max = Number(env.SFU_RTC_MAX_PORT ?? 49999);
    for (let port = min; port <= max; port++) {
      if (!published.has(`${port}/udp`)) {
        problems.push(`${name} does not publish its RTC port ${port}/udp (range ${min}-${max})`);
        break;
      }
    }
    for (const other of rtcRanges)
      if (min <= other.max && other.min <= max)
        problems.push(`${name} and ${other.name} publish overlapping RTC ranges`);
    rtcRanges.push({ name, min, max });
  }
  const proxy = services.proxy;
  if (!proxy) problems.push('service proxy is missing');
  else {
    if (!publishedPorts(proxy).has('3000/tcp')) problems.push('proxy does not publish 3000');
    const command = [proxy.command ?? []].flat().join(' ');
    for (const name of API_INSTANCES)
      if (!command.includes(`--to ${name}:3000`)) problems.push(`proxy does not send requests to ${name}:3000`);
    const deps = dependencies(proxy);
    for (const name of API_INSTANCES) if (!(name in deps)) problems.push(`proxy does not depend on ${name}`);
  }

  for (const [name, service] of Object.entries(services)) {
    for (const [dependency, condition] of Object.entries(dependencies(service))) {
      const target = services[dependency];
      if (!target) {
        problems.push(`${name} depends on ${dependency}, which is no service`);
        continue;
      }
      if (!['service_started', 'service_healthy', 'service_completed_successfully'].includes(condition)) {
        problems.push(`${name} → ${dependency}: unknown condition ${condition}`);
      }
      if (condition === 'service_healthy' && !target.healthcheck?.test) {
        problems.push(`${name} waits for ${dependency} to be healthy, but it has no healthcheck`);
      }
      if (condition === 'service_completed_successfully' && target.restart !== 'no') {
        problems.push(
          `${name} waits for one-shot ${dependency} to finish, but it restarts (${target.restart ?? 'default'})`,
        );
      }
    }
  }
  return problems;
}

function dockerfileProblems(dockerfile: string): string[] {
  const problems: string[] = [];
  const lines = dockerfile.split('\n').filter((l) => !l.trim().startsWith('#'));
  const at = (pattern: RegExp) => lines.findIndex((l) => pattern.test(l));
  if (at(/^FROM node:20-bookworm\b/) !== 0) problems.push('the first instruction must be FROM node:20-bookworm');
  const install = at(/^RUN .*npm ci --ignore-scripts/);
  const worker = at(/^RUN .*scripts\/mediasoup\/ensure-worker\.sh/);
  const build = at(/^RUN .*npm run build/);
  if (install < 0) problems.push('no "RUN npm ci --ignore-scripts"');
  if (worker < 0) problems.push('does not run scripts/mediasoup/ensure-worker.sh');
  if (build < 0) problems.push('does not run "npm run build" (web/dist)');
  if (install >= 0 && worker >= 0 && worker < install)
    problems.push('ensure-worker.sh runs before npm ci installed mediasoup');
  if (worker >= 0 && build >= 0 && build < worker) problems.push('npm run build runs before the worker exists');
  const production = at(/^ENV .*NODE_ENV=production/);
  if (production >= 0 && install >= 0 && production < install)
    problems.push('NODE_ENV=production before npm ci drops tsx and the other devDependencies');
  for (const match of dockerfile.matchAll(/(scripts\/[\w./-]+\.(?:sh|ts))/g)) {
    if (!existsSync(`${root}/${match[1]}`)) problems.push(`references ${match[1]}, which does not exist`);
  }
  return problems;
}

// ------------------------------------------------------------------ commands resolve ----

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function dockerInstructions(dockerfile: string): Array<{ op: string; args: string }> {
  return dockerfile
    .split('\n')
    .filter((l) => !l.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [op = '', ...rest] = l.split(/\s+/);
      return { op: op.toUpperCase(), args: rest.join(' ') };
    });
}

/** An exec-form (JSON array) or shell-form instruction/command as one command line. */
function commandLine(value: string | string[]): string {
  if (Array.isArray(value)) return value.map((w) => (/\s/.test(w) ? `"${w}"` : w)).join(' ');
  const trimmed = value.trim();
  if (trimmed.startsWith('[')) return commandLine(JSON.parse(trimmed) as string[]);
  return trimmed;
}

/** Repo files a command line runs directly (bash X, node X, tsx X). */
function filesRun(line: string): string[] {
  return [...line.matchAll(/(?:^|\s)(?:bash|sh|tsx|node(?:\s+--import\s+\S+)?)\s+([\w./-]+\.(?:sh|ts|js|mjs))/g)].map(
    (m) => m[1]!,
  );
}

/** `.dockerignore` semantics, enough for our patterns: globs, `**`, later `!` lines re-include. */
function dockerIgnored(patterns: string[], path: string): boolean {
  let ignored = false;
  for (const raw of patterns) {
    const negate = raw.startsWith('!');
    const pattern = (negate ? raw.slice(1) : raw).replace(/^\/+|\/+$/g, '');
    const source = pattern
      .split('/')
      .map((part) =>
        part === '**'
          ? '.*'
          : part
              .replace(/[.+^${}()|[\]\\]/g, '\\$&')
              .replace(/\*/g, '[^/]*')
              .replace(/\?/g, '[^/]'),
      )
      .join('/')
      .replace(/\.\*\//g, '(?:.*/)?');
    if (new RegExp(`^${source}(?:/.*)?$`).test(path)) ignored = !negate;
  }
  return ignored;
}

function dockerignorePatterns(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** Local state and build output that must never reach the image (a sample path for each). */
const LOCAL_STATE = [
  '.outbox/2026-01-01-x.json',
  'test-artifacts/screen.png',
  'node_modules/x/index.js',
  'web/node_modules/x/index.js',
  'web/dist/index.html',
  '.git/HEAD',
  '.env',
  '.env.local',
  'coverage/index.html',
  'debug.log',
  '.cache/x',
];

function workspaces(): string[] {
  return (JSON.parse(read('package.json')) as { workspaces: string[] }).workspaces;
}

/**
 * Every RUN and CMD of the Dockerfile names only files, npm scripts and binaries that exist, and
 * files a RUN needs were copied into the image before it (the manifests-first layer copies only a
 * few paths); `npm ci` has every workspace's package.json; .dockerignore keeps out nothing they need.
 */
function dockerfileCommandProblems(dockerfile: string, ignore: string[]): string[] {
  const problems: string[] = [];
  const copied: string[] = [];
  const isCopied = (path: string) =>
    copied.some(
      (c) => c === '.' || c === './' || path === c.replace(/\/$/, '') || path.startsWith(c.endsWith('/') ? c : `${c}/`),
    );
  for (const { op, args } of dockerInstructions(dockerfile)) {
    if (op === 'COPY') {
      const parts = words(args).filter((w) => !w.startsWith('--'));
      const sources = parts.slice(0, -1);
      for (const source of sources) {
        if (source !== '.' && !existsSync(`${root}/${source}`))
          problems.push(`COPY ${source}: no such file in the repo`);
        else if (source !== '.' && dockerIgnored(ignore, source.replace(/\/$/, '')))
          problems.push(`COPY ${source}: excluded by .dockerignore`);
        copied.push(source);
      }
    }
    if (op !== 'RUN' && op !== 'CMD') continue;
    const line = commandLine(args);
    for (const p of commandProblems(line, { root, strictCommand: true })) problems.push(`${op} ${line}: ${p}`);
    for (const file of filesRun(line)) {
      if (!isCopied(file)) problems.push(`${op} ${line}: runs ${file} before it is copied into the image`);
      if (dockerIgnored(ignore, file)) problems.push(`${op} ${line}: runs ${file}, which .dockerignore excludes`);
    }
    if (/\bnpm ci\b/.test(line)) {
      for (const manifest of ['package.json', 'package-lock.json', ...workspaces().map((w) => `${w}/package.json`)]) {
        if (!isCopied(manifest))
          problems.push(`npm ci runs before ${manifest} is copied (npm ci needs every workspace's manifest)`);
      }
    }
  }
  return problems;
}

/** Every compose `command:` of a service built from the repo names files and scripts that exist. */
function composeCommandProblems(doc: Doc, ignore: string[]): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(doc.services ?? {})) {
    if (!service.build || service.command === undefined) continue;
    const line = commandLine(service.command);
    for (const p of commandProblems(line, { root, strictCommand: true })) problems.push(`${name} (${line}): ${p}`);
    for (const file of filesRun(line))
      if (dockerIgnored(ignore, file))
        problems.push(`${name} runs ${file}, which .dockerignore keeps out of the image`);
  }
  return problems;
}

/** Features whose background work is registered in workers/src/features.ts (by folder name). */
function registeredWorkerFeatures(): string[] {
  return [...read('workers/src/features.ts').matchAll(/from '\.\/([a-z0-9-]+)\/index\.ts'/g)].map((m) => m[1]!);
}

/** The comment block right above a compose service's key. */
function serviceComment(compose: string, service: string): string {
  const lines = compose.split('\n');
  const at = lines.findIndex((l) => l === `  ${service}:`);
  const comment: string[] = [];
  for (let i = at - 1; i >= 0 && /^\s*#/.test(lines[i]!); i--) comment.unshift(lines[i]!.replace(/^\s*#\s?/, ''));
  return comment.join(' ');
}

/** Features on the roadmap (not built): a description naming one claims work the code does not do. */
const ROADMAP = [
  'messages',
  'posts',
  'media',
  'stories',
  'story',
  'search',
  'gifts',
  'duets',
  'moderation',
  'analytics',
  'notifications',
];

function workersDescriptionProblems(comment: string, registered: string[]): string[] {
  const problems: string[] = [];
  if (!comment) return ['the workers service has no description'];
  if (!comment.includes('workers/src/features.ts'))
    problems.push('the workers description does not point at workers/src/features.ts');
  for (const feature of registered)
    if (!comment.includes(feature)) problems.push(`the workers description leaves out ${feature}`);
  for (const word of ROADMAP) {
    if (!registered.includes(word) && new RegExp(`\\b${word}\\b`, 'i').test(comment))
      problems.push(`the workers description claims "${word}", which no registered feature does`);
  }
  return problems;
}

describe('docker-compose.yml', () => {
  it('has every service wired to the others by compose hostname', () => {
    expect(composeProblems(loadCompose())).toEqual([]);
  });

  it('creates the uploads bucket with a one-shot the app services wait for', () => {
    const services = loadCompose().services!;
    const setup = Object.entries(services).find(([, s]) => [s.command ?? []].flat().join(' ').includes('mc mb'));
    expect(setup, 'a service running "mc mb"').toBeDefined();
    for (const name of ['api', 'projections', 'workers']) {
      expect(dependencies(services[name]!)[setup![0]]).toBe('service_completed_successfully');
    }
  });

  it('runs, in every service built from the repo, only files and scripts that exist in the image', () => {
    expect(composeCommandProblems(loadCompose(), dockerignorePatterns(read('.dockerignore')))).toEqual([]);
  });

  it('describes the workers service as the code builds it: the features in workers/src/features.ts', () => {
    const registered = registeredWorkerFeatures();
    expect(registered.length).toBeGreaterThan(0);
    for (const feature of registered)
      expect(existsSync(`${root}/workers/src/${feature}/index.ts`), `workers/src/${feature}/index.ts`).toBe(true);
    expect(workersDescriptionProblems(serviceComment(read('docker-compose.yml'), 'workers'), registered)).toEqual([]);
  });

  it('the command and description checks notice a broken copy', () => {
    const doc = loadCompose();
    doc.services!.workers!.command = ['npx', 'tsx', 'workers/src/no-such-main.ts'];
    doc.services!.migrate!.command = 'npm run no-such-script';
    expect(composeCommandProblems(doc, [])).toEqual([
      'migrate (npm run no-such-script): npm run no-such-script: package.json has no "no-such-script" script',
      'workers (npx tsx workers/src/no-such-main.ts): tsx runs workers/src/no-such-main.ts, which does not exist',
    ]);
    expect(composeCommandProblems(loadCompose(), ['workers/src'])).toEqual([
      'workers runs workers/src/main.ts, which .dockerignore keeps out of the image',
    ]);
    expect(workersDescriptionProblems('BullMQ workers: emails, story expiry, media processing.', ['accounts'])).toEqual(
      [
        'the workers description does not point at workers/src/features.ts',
        'the workers description leaves out accounts',
        'the workers description claims "media", which no registered feature does',
        'the workers description claims "story", which no registered feature does',
      ],
    );
  });

  describe('the checks notice a broken copy', () => {
    const broken = (change: (doc: Doc) => void): string[] => {
      const doc = loadCompose();
      change(doc);
      return composeProblems(doc);
    };

    it('a removed service', () => {
      expect(broken((d) => delete d.services!.redis)).toEqual(
        expect.arrayContaining([
          'service redis is missing',
          expect.stringMatching(/depends on redis, which is no service/),
        ]),
      );
      expect(broken((d) => delete d.services!.workers)).toContain('service workers is missing');
    });

    it('a URL pointing at localhost', () => {
      expect(
        broken(
          (d) =>
            ((d.services!.projections!.environment as Record<string, string>).DATABASE_URL =
              'postgres://postgres@localhost:5432/myworld'),
        ),
      ).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/projections DATABASE_URL points at localhost/),
          expect.stringMatching(/container itself/),
        ]),
      );
    });

    it('a missing variable, image or port', () => {
      expect(broken((d) => delete (d.services!.workers!.environment as Record<string, string>).TOKEN_SECRET)).toContain(
        'workers lacks TOKEN_SECRET',
      );
      expect(broken((d) => delete d.services!.mailpit!.image)).toContain('mailpit has neither image nor build');
      expect(broken((d) => (d.services!.postgres!.ports = []))).toContain('postgres does not publish 5432');
      expect(broken((d) => (d.services!.api!.ports = ['3000:3000']))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/RTC port 40000\/udp/),
          'api publishes its HTTP port: clients go through the proxy',
        ]),
      );
    });

    it('API instances that cannot be told apart, or a proxy that leaves one out', () => {
      const api2 = (d: Doc) => d.services!['api-2']!.environment as Record<string, string>;
      expect(broken((d) => (api2(d).SFU_RTC_MIN_PORT = '40050'))).toContain(
        'api-2 and api publish overlapping RTC ranges',
      );
      expect(broken((d) => (api2(d).SFU_PIPE_ANNOUNCED_ADDRESS = 'api'))).toContain(
        'api-2 must announce its pipes as "api-2" (SFU_PIPE_ANNOUNCED_ADDRESS), the address other instances reach',
      );
      expect(
        broken((d) => (d.services!.proxy!.command = ['caddy', 'reverse-proxy', '--from', ':3000', '--to', 'api:3000'])),
      ).toEqual(['proxy does not send requests to api-2:3000']);
      expect(broken((d) => delete d.services!.proxy)).toContain('service proxy is missing');
    });

    it('a dependency on something unhealthy-checked or a service that restarts', () => {
      expect(broken((d) => delete d.services!.kurrentdb!.healthcheck)).toContain('kurrentdb has no healthcheck');
      expect(broken((d) => (d.services!.migrate!.restart = 'unless-stopped'))).toEqual(
        expect.arrayContaining([expect.stringMatching(/one-shot migrate to finish, but it restarts/)]),
      );
      expect(broken((d) => (d.services!.api!.depends_on = ['postgres']))).toEqual(
        expect.arrayContaining([
          'api does not wait for migrate to finish',
          'api does not wait for postgres to be healthy',
        ]),
      );
    });
  });
});

describe('Dockerfile', () => {
  it('exists at the repo root, installs without scripts, builds the mediasoup worker, then the web client', () => {
    expect(existsSync(`${root}/Dockerfile`)).toBe(true);
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toContain('npm ci --ignore-scripts');
    expect(dockerfile).toContain('scripts/mediasoup/ensure-worker.sh');
    expect(dockerfileProblems(dockerfile)).toEqual([]);
  });

  it('the checks notice a broken copy', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfileProblems(dockerfile.replace('npm ci --ignore-scripts', 'npm ci'))).toContain(
      'no "RUN npm ci --ignore-scripts"',
    );
    expect(dockerfileProblems(dockerfile.replace(/^RUN bash scripts\/mediasoup\/ensure-worker\.sh$/m, ''))).toContain(
      'does not run scripts/mediasoup/ensure-worker.sh',
    );
    expect(dockerfileProblems(dockerfile.replace('FROM node:20-bookworm', 'FROM node:22-alpine'))).toHaveLength(1);
    expect(
      dockerfileProblems(
        `FROM node:20-bookworm\nENV NODE_ENV=production\n${dockerfile.split('\n').slice(1).join('\n')}`,
      ),
    ).toContain('NODE_ENV=production before npm ci drops tsx and the other devDependencies');
  });

  it('runs only files, npm scripts and binaries that exist, each copied into the image before it runs', () => {
    expect(dockerfileCommandProblems(read('Dockerfile'), dockerignorePatterns(read('.dockerignore')))).toEqual([]);
  });

  it('the command checks notice a broken copy', () => {
    const dockerfile = read('Dockerfile');
    const ignore = dockerignorePatterns(read('.dockerignore'));
    expect(
      dockerfileCommandProblems(dockerfile.replace('RUN npm run build', 'RUN npm run no-such-build'), ignore),
    ).toEqual(['RUN npm run no-such-build: npm run no-such-build: package.json has no "no-such-build" script']);
    expect(
      dockerfileCommandProblems(dockerfile.replace('COPY scripts/mediasoup/ scripts/mediasoup/', ''), ignore),
    ).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/runs scripts\/mediasoup\/install-build-packages\.sh before it is copied/),
      ]),
    );
    expect(
      dockerfileCommandProblems(dockerfile.replace(/^COPY workers\/package\.json workers\/$/m, ''), ignore),
    ).toEqual(["npm ci runs before workers/package.json is copied (npm ci needs every workspace's manifest)"]);
    expect(
      dockerfileCommandProblems(
        dockerfile.replace(
          'CMD ["npx", "tsx", "command-api/src/main.ts"]',
          'CMD ["npx", "tsx", "command-api/src/gone.ts"]',
        ),
        ignore,
      ),
    ).toEqual(['CMD npx tsx command-api/src/gone.ts: tsx runs command-api/src/gone.ts, which does not exist']);
    expect(dockerfileCommandProblems(dockerfile, [...ignore, 'scripts'])).toEqual(
      expect.arrayContaining(['COPY scripts/mediasoup/: excluded by .dockerignore']),
    );
  });

  it('.dockerignore keeps local state, secrets and build output out of the image, and nothing the build needs', () => {
    const ignore = dockerignorePatterns(read('.dockerignore'));
    for (const path of LOCAL_STATE) expect(dockerIgnored(ignore, path), path).toBe(true);
    const needed = [
      'package.json',
      'package-lock.json',
      'tsconfig.json',
      'tsconfig.base.json',
      'scripts/build.sh',
      'scripts/typecheck.sh',
      'web/index.html',
      'web/src/main.tsx',
      'e2e/tsconfig.json',
    ];
    for (const path of [...needed, ...workspaces().map((w) => `${w}/package.json`)])
      expect(dockerIgnored(ignore, path), path).toBe(false);
  });

  it(".dockerignore keeps the host's node_modules out of the image", () => {
    expect(read('.dockerignore')).toMatch(/^\*\*\/node_modules$/m);
  });
});

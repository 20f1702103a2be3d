import { spawn } from 'node:child_process';
import { join } from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { postsProjection } from '@myworld/projections';
import { startHarness } from '@myworld/command-api/testing';
import { writeFeedHistory } from './feed-history.ts';
import { profiled } from './load-profile.ts';
import { cpuPerRequest, row } from './stats.ts';

/**
 * `npm run bench -- feed [--sizes 10000,1000000] [--seconds 10] [--profile DIR]`: GET /api/feed (For You, a
 * signed-in viewer with follows, likes and views) under autocannon with 50 connections, beside a
 * Fastify hello-world measured in the same run, at each history size. Targets: at least 30% of
 * hello-world's req/s, p99 under 30 ms, and the largest history within 20% of the smallest.
 * `--profile DIR` writes a CPU profile of the API (this process) during each size's load,
 * `DIR/feed-<size>.cpuprofile`, and how much CPU a request took.
 */
export interface Load {
  /** Requests per second (autocannon's average over the run). */
  readonly requests: number;
  /** Requests answered over the whole run. */
  readonly total: number;
  readonly p99: number;
  readonly errors: number;
}

export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = (option('sizes') ?? '10000,1000000').split(',').map(Number);
  const seconds = Number(option('seconds') ?? 10);
  const profileDir = option('profile');

  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const helloCpu = process.cpuUsage();
  const helloLoad = await autocannon(`${helloUrl}/`, {}, seconds);
  const helloCpuPerRequest = cpuPerRequest(process.cpuUsage(helloCpu), helloLoad.total);
  row('fastify hello-world: req/s', helloLoad.requests.toFixed(0));
  row('fastify hello-world: p99', `${helloLoad.p99} ms`);
  row('fastify hello-world: CPU per request', `${helloCpuPerRequest.toFixed(0)} µs`);
  await hello.close();

  const results: Array<{ size: number; load: Load }> = [];
  for (const size of sizes) {
    const h = await startHarness({ label: `bench_feed_${size}`, projections: [postsProjection] });
    try {
      const viewer = await h.api.signedInUser(`viewer_${size}`);
      const started = Date.now();
      await writeFeedHistory(h.store, size, viewer.userId);
      const appended = Date.now();
      // The end of the log, also events an older open transaction still hides: the projection has
      // applied everything before the load starts (else the tail of its catch-up is in the figures).
      const head = await h.appendedSoFar();
      if (!(await h.readModels.waitFor('posts', head, 3_600_000)))
        throw new Error('the posts read model did not catch up');
      row(`${size.toLocaleString('en-US')} events: appended`, `${((appended - started) / 1000).toFixed(1)} s`);
      row(`${size.toLocaleString('en-US')} events: projected`, `${((Date.now() - appended) / 1000).toFixed(1)} s`);
      // Fresh statistics, as autovacuum would have them in a running system.
      await sql`analyze`.execute(h.api.services.db);
      const cpuBefore = process.cpuUsage();
      const load = await profiled(profileDir && join(profileDir, `feed-${size}.cpuprofile`), () =>
        autocannon(`${h.api.baseUrl}/api/feed`, { cookie: viewer.cookie }, seconds),
      );
      const cpu = process.cpuUsage(cpuBefore);
      if (load.errors > 0) throw new Error(`${load.errors} feed requests failed`);
      results.push({ size, load });
      row(
        `${size.toLocaleString('en-US')} events: GET /api/feed req/s`,
        load.requests.toFixed(0),
        `>= ${Math.round(helloLoad.requests * 0.3)} (30% of hello-world)`,
      );
      row(`${size.toLocaleString('en-US')} events: GET /api/feed p99`, `${load.p99} ms`, '< 30 ms');
      row(
        `${size.toLocaleString('en-US')} events: feed / hello-world`,
        `${((load.requests / helloLoad.requests) * 100).toFixed(1)} %`,
        '>= 30 %',
      );
      // The API's CPU (user + system) over the run's requests: what a request costs, whatever the machine's load.
      const feedCpuPerRequest = cpuPerRequest(cpu, load.total);
      row(
        `${size.toLocaleString('en-US')} events: API CPU per request`,
        `${feedCpuPerRequest.toFixed(0)} µs (hello-world's is ${((helloCpuPerRequest / feedCpuPerRequest) * 100).toFixed(1)} % of it)`,
      );
    } finally {
      await h.stop();
    }
  }
  const smallest = results[0];
  const largest = results.at(-1);
  if (smallest && largest && largest !== smallest) {
    row(
      `req/s at ${largest.size.toLocaleString('en-US')} / at ${smallest.size.toLocaleString('en-US')}`,
      `${((largest.load.requests / smallest.load.requests) * 100).toFixed(1)} %`,
      '>= 80 %',
    );
  }
}

/** autocannon in a process of its own (so it does not share the servers' event loop), 50 connections. */
export function autocannon(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const headerArgs = Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]);
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['node_modules/autocannon/autocannon.js', '-c', '50', '-d', String(seconds), '-j', ...headerArgs, url],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p99: number };
        errors: number;
        non2xx: number;
      };
      resolve({
        requests: result.requests.average,
        total: result.requests.total,
        p99: result.latency.p99,
        errors: result.errors + result.non2xx,
      });
    });
  });
}

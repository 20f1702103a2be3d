import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { TEST_PUBLIC_URL, startHarness } from '@myworld/command-api/testing';
import type { LikeLoad, LikePlan } from './like-load.ts';
import { cpuPerRequest, row } from './stats.ts';

/** Posts the likers go through in turn: a like's stream then holds a few events, as a real user's does. */
const POSTS = 50;

/**
 * `npm run bench -- like [--seconds 10] [--lag-ms 2000] [--rates 100,200]`: POST/DELETE
 * /api/posts/{id}/like under 50 connections (50 users, each liking and then unliking each of 50
 * posts in turn, so every request records an event) while the `posts` projection runs `--lag-ms` behind the
 * log. First as fast as the answers come (the most the API serves, where latency is connections over
 * throughput), then at each of `--rates` requests a second, sent on schedule. The clients run in a
 * process of their own. Target: p99 under 20 ms (a command never waits for a read model).
 */
export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seconds = Number(option('seconds') ?? 10);
  const lagMs = Number(option('lag-ms') ?? 2000);
  const rates = (option('rates') ?? '100,200').split(',').map(Number);
  const connections = 50;

  const h = await startHarness({
    label: 'bench_like',
    projections: [],
    env: { RATE_LIMIT_LIKES: '1000000/3600', RATE_LIMIT_POSTS: '1000/3600', LOG_LEVEL: 'error' },
  });
  // In a process of its own, as the projections run in production (not on the API's event loop).
  const projection = await laggingPostsProjection(h.database.url, lagMs);
  try {
    const author = await h.api.signedInUser(`author_${Date.now()}`);
    // Posts of its own for each load, so every request of it records an event (none finds its like already there).
    const newPosts = async () => {
      const postIds: string[] = [];
      for (let i = 0; i < POSTS; i++) {
        const posted = await h.client({ cookie: author.cookie }).post('/api/text-posts', { content: `Like me ${i}` });
        if (posted.statusCode !== 201) throw new Error(`posting failed: ${posted.statusCode}`);
        postIds.push((posted.json() as { post: { id: string } }).post.id);
      }
      return postIds;
    };
    const likers = await Promise.all(
      Array.from({ length: connections }, (_, i) => h.api.signedInUser(`liker${i}_${Date.now()}`)),
    );
    // Each load starts with the projection caught up (then it stays `lagMs` behind): the one before
    // leaves up to `lagMs` of likes to apply, which would otherwise land in the next one's first second.
    const settled = async () => {
      if (!(await h.readModels.waitFor('posts', await h.appendedSoFar(), lagMs + 10_000)))
        throw new Error('the posts read model did not catch up');
    };
    const plan = {
      baseUrl: h.api.baseUrl,
      origin: TEST_PUBLIC_URL,
      cookies: likers.map((l) => l.cookie),
      seconds,
    };
    // The API runs in this process: its CPU over a load, per request, moves less with the machine's noise than p99.
    const measured = async (postIds: string[], rate?: number) => {
      const cpu = process.cpuUsage();
      const load = await clients({ ...plan, postIds, ...(rate ? { rate } : {}) });
      return { ...load, cpu: cpuPerRequest(process.cpuUsage(cpu), load.requests) };
    };
    const postIds = await newPosts();
    await settled();
    const load = await measured(postIds);
    row(`like/unlike, ${connections} connections, posts ${lagMs} ms behind: requests`, String(load.requests));
    row('like/unlike: errors', String(load.errors), '0');
    row('like/unlike: req/s', (load.requests / seconds).toFixed(0));
    row('like/unlike: p50', `${load.p50.toFixed(1)} ms`);
    row('like/unlike: p99', `${load.p99.toFixed(1)} ms`);
    row('like/unlike: API CPU per request', `${load.cpu.toFixed(0)} µs`);
    for (const rate of rates) {
      const postIds = await newPosts();
      await settled();
      const paced = await measured(postIds, rate);
      row(`like/unlike at ${rate} req/s: errors`, String(paced.errors), '0');
      row(`like/unlike at ${rate} req/s: p50`, `${paced.p50.toFixed(1)} ms`);
      row(`like/unlike at ${rate} req/s: p99`, `${paced.p99.toFixed(1)} ms`, '< 20 ms');
      row(`like/unlike at ${rate} req/s: API CPU per request`, `${paced.cpu.toFixed(0)} µs`);
    }
    row('machine load average (1 min) after', loadavg()[0]!.toFixed(1), 'the figures mean little above the core count');
  } finally {
    await projection.stop();
    await h.stop();
  }
}

/** `bench/lagging-posts-projection.ts` in a child process, once it says it is running. */
async function laggingPostsProjection(databaseUrl: string, lagMs: number): Promise<{ stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      fileURLToPath(new URL('./lagging-posts-projection.ts', import.meta.url)),
      databaseUrl,
      String(lagMs),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running') && resolve());
    void exited.then(() => reject(new Error('the posts projection exited before it ran')));
  });
  return {
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The load in a process of its own (so it does not share the API's event loop). */
function clients(plan: LikePlan): Promise<LikeLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./like-load.ts', import.meta.url))],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LikeLoad) : reject(new Error(`load exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

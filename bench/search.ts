import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { searchProjection, trendingProjection } from '@myworld/projections';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { startHarness, type Harness } from '@myworld/command-api/testing';
import { seeded } from '@myworld/projections/testing';
import { HASHTAGS, HISTORY_SEED, VOCABULARY, benchUsers, writeSearchHistory } from './search-history.ts';
import type { LoadPlan, LoadResult } from './search-load.ts';
import { rate, row } from './stats.ts';

/**
 * `npm run bench -- search [--sizes 100000,1000000] [--users 10000] [--seconds 20] [--connections 1,4] [--keep | --database URL]`:
 * GET /api/search over a generated history of that many posts and 10k users (written as events,
 * projected by the real runner into the `search` and `trending` read models), with a mix of
 * realistic queries: common, middling and rare words, two words, a prefix being typed, a username
 * with one typo, a hashtag, across the filters, sent by 1 and then 4 concurrent clients (a process
 * of their own). Prints p50 and p99 overall and per kind of query.
 * Target: p99 under 50 ms at 100k posts.
 */
export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const sizes = (option('sizes') ?? '100000,1000000').split(',').map(Number);
  const users = Number(option('users') ?? 10_000);
  const seconds = Number(option('seconds') ?? 20);
  const connectionCounts = (option('connections') ?? '1,4').split(',').map(Number);
  const engagementPerPost = Number(option('engagement') ?? 1);

  // Generating a million posts takes most of an hour: --keep leaves the database for later runs, --database reuses one.
  const keep = args.includes('--keep');
  const reuse = option('database');
  for (const size of reuse ? [sizes[0]!] : sizes) {
    const label = size.toLocaleString('en-US');
    const kept = keep && !reuse ? await createTestDatabase(`bench_search_${size}_kept`) : undefined;
    const databaseUrl = reuse ?? kept?.url;
    const h = await startHarness({
      label: `bench_search_${size}`,
      projections: [searchProjection, trendingProjection],
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    try {
      let usernames: readonly string[];
      if (reuse) {
        usernames = benchUsers(seeded(HISTORY_SEED), users).map((u) => u.username);
        row(`${label} posts: history`, `reused (${reuse})`);
      } else {
        usernames = (await generate(h, { posts: size, users, engagementPerPost, label })).usernames;
        if (kept) row(`${label} posts: database kept`, `--database ${kept.url}`);
      }
      // Statistics and visibility maps as autovacuum keeps them in a running system (and no vacuum of the bulk load during the run).
      await sql`vacuum analyze`.execute(h.api.services.db);

      const requests = queryMix(usernames);
      for (const connections of connectionCounts) {
        // Warm-up (plans, caches), then the measured run.
        await loadFrom({ baseUrl: h.api.baseUrl, requests, connections, seconds: 3 });
        const result = await loadFrom({ baseUrl: h.api.baseUrl, requests, connections, seconds });
        if (result.errors > 0) throw new Error(`${result.errors} search requests failed`);
        const at = `${label} posts, ${connections} conn.`;
        row(`${at}: GET /api/search p50`, `${result.p50.toFixed(1)} ms`);
        row(`${at}: GET /api/search p99`, `${result.p99.toFixed(1)} ms`, '< 50 ms at 100k');
        row(`${at}: requests/s`, (result.count / result.seconds).toFixed(0));
        for (const [kind, figures] of Object.entries(result.byLabel)) {
          row(`${at}:   ${kind} p50 / p99`, `${figures.p50.toFixed(1)} / ${figures.p99.toFixed(1)} ms`);
        }
      }
    } finally {
      await h.stop();
    }
  }
}

/** Writes the history as events and waits for the search and trending read models to project it, printing how long each took. */
async function generate(
  h: Harness,
  plan: { posts: number; users: number; engagementPerPost: number; label: string },
): Promise<{ usernames: readonly string[] }> {
  const started = Date.now();
  const history = await writeSearchHistory(h.store, {
    posts: plan.posts,
    users: plan.users,
    engagementPerPost: plan.engagementPerPost,
    followsPerUser: 2,
  });
  const appended = Date.now();
  // The visible head can trail the last append while other transactions are open: read it again after catching up.
  for (let round = 0; round < 2; round++) {
    const head = await h.store.headPosition();
    for (const name of ['search', 'trending']) {
      if (!(await h.readModels.waitFor(name, head, 4 * 3_600_000)))
        throw new Error(`the ${name} read model did not catch up`);
    }
  }
  const projected = Date.now();
  row(`${plan.label} posts: events generated`, history.events.toLocaleString('en-US'));
  row(`${plan.label} posts: appended`, `${((appended - started) / 1000).toFixed(1)} s`);
  row(`${plan.label} posts: projected (search + trending)`, `${((projected - appended) / 1000).toFixed(1)} s`);
  row(
    `${plan.label} posts: projection rate`,
    `${rate(history.events, projected - appended).toLocaleString('en-US')} events/s`,
  );
  return history;
}

/** The queries of a run, in a fixed shuffled order: what people type, across every filter. */
function queryMix(usernames: readonly string[]): LoadPlan['requests'] {
  const random = seeded(11);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const q = (text: string, filter = 'all') => `/api/search?q=${encodeURIComponent(text)}&filter=${filter}`;
  const filters = ['all', 'all', 'videos', 'posts'];
  const typo = (name: string) => {
    const i = 1 + Math.floor(random() * (name.length - 2));
    return `${name.slice(0, i)}${name[i] === 'x' ? 'y' : 'x'}${name.slice(i + 1)}`;
  };
  const requests: Array<{ label: string; path: string }> = [];
  for (let i = 0; i < 200; i++) {
    requests.push({ label: 'common word', path: q(pick(VOCABULARY.slice(0, 20)), pick(filters)) });
    requests.push({ label: 'rare word', path: q(pick(VOCABULARY.slice(-60)), pick(filters)) });
    requests.push({
      label: 'two words',
      path: q(`${pick(VOCABULARY.slice(0, 80))} ${pick(VOCABULARY.slice(0, 80))}`, pick(filters)),
    });
    requests.push({ label: 'prefix (typing)', path: q(pick(VOCABULARY).slice(0, 3), pick(filters)) });
    requests.push({ label: 'username, one typo', path: q(typo(pick(usernames)), random() < 0.5 ? 'users' : 'all') });
    requests.push({ label: 'hashtag', path: q(`#${pick(HASHTAGS)}`, random() < 0.5 ? 'hashtags' : 'all') });
    requests.push({
      label: 'second page',
      path: `${q(pick(VOCABULARY.slice(0, 20)), 'posts')}&cursor=${Buffer.from(JSON.stringify({ f: 'posts', o: 20 })).toString('base64url')}`,
    });
  }
  return requests.sort(() => random() - 0.5);
}

/** Runs the load in a process of its own (bench/search-load.ts). */
function loadFrom(plan: LoadPlan): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./search-load.ts', import.meta.url))],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadResult) : reject(new Error(`the load process exited with ${code}`)),
    );
    child.stdin.end(JSON.stringify(plan));
  });
}

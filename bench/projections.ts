import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { comparePositions, type Position } from '@myworld/schemas';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { allProjections, createDatabase, ensureRegistry, handles } from '@myworld/projections';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { historyEvents, insertHistoryRows, type HistoryRow } from './rebuild-history.ts';
import { percentile, rate, row } from './stats.ts';

/**
 * `npm run bench -- projections [--rates 500,1000,2000,5000,10000,20000] [--seconds 10]`: live
 * throughput of the projections. A scratch database; the projections process (projections/src/
 * main.ts, every projection, as in production) in a process of its own; this process appends the
 * rebuild bench's mix of events (registrations, posts with hashtags, likes, views, comments,
 * follows, messages, live streams, stories...) at each rate for `--seconds`, paced every 10 ms.
 * Each 10 ms of load is one transaction of many streams (the rows `append` writes): the stand-in
 * for many API instances appending at once, which single-stream appends from one process on 2
 * cores could not drive at 10,000/s. An event's lag is from its append's commit to the moment
 * every projection that handles its type has its checkpoint past it (readable everywhere). The
 * first second of each step is warm-up, not counted; between steps the projections catch up.
 */
export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const rates = (option('rates') ?? '500,1000,2000,5000,10000,20000').split(',').map(Number);
  const seconds = Number(option('seconds') ?? 10);
  if (rates.some((r) => !Number.isInteger(r) || r < 10) || !(seconds >= 2))
    throw new Error('--rates: whole numbers of at least 10, comma-separated; --seconds: at least 2');

  const database = await createTestDatabase('bench_projections');
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: 2 });
  const watcher = new CheckpointWatcher(database.url);
  let runner: ReturnType<typeof spawn> | undefined;
  try {
    await store.migrate();
    const db = createDatabase(database.url, { max: 1 });
    await ensureRegistry(db).finally(() => db.destroy());
    // Events carry the time they are appended, as the product's do.
    const history = historyEvents({ scale: 250_000, clock: Date.now });
    const take = (n: number) => Array.from({ length: n }, () => history.next().value as HistoryRow);
    // The first crowd (1,000 users and their first posts) is there before the projections start.
    for (let i = 0; i < 4; i++) await insertHistoryRows(store.pool, take(1_250));

    runner = spawn(process.execPath, ['--import', 'tsx', 'projections/src/main.ts'], {
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    await watcher.start();
    const head = await store.headPosition();
    await caughtUp(watcher, head, 120_000);
    console.log(
      `projections benchmark: ${allProjections.length} projections in their own process; ${seconds} s per rate\n`,
    );

    const handlers = new Map<string, string[]>();
    const handlersOf = (type: string) => {
      let names = handlers.get(type);
      if (!names) handlers.set(type, (names = allProjections.filter((p) => handles(p, { type })).map((p) => p.name)));
      return names;
    };

    let highestBounded: number | undefined;
    let top: StepResult | undefined;
    for (const target of rates) {
      const step = await runStep(store, watcher, take, handlersOf, target, seconds);
      top = step;
      const lags = step.lags.map((l) => l.ms);
      const drained = step.drained;
      const bounded = drained && step.achieved >= target * 0.95 && step.bounded;
      if (bounded) highestBounded = target;
      row(
        `${target.toLocaleString('en-US')}/s (achieved ${step.achieved.toLocaleString('en-US')}/s): lag p50 / p99`,
        `${fmt(percentile(lags, 50))} / ${fmt(percentile(lags, 99))}`,
        target === 1_000 ? 'p99 < 50 ms' : target === 10_000 ? 'p99 < 1 s' : undefined,
      );
      row(
        `  p50 first / last quarter; caught up after`,
        `${fmt(step.firstQuarterP50)} / ${fmt(step.lastQuarterP50)}; ${fmt(step.drainMs)}`,
      );
      row(`  lag bounded`, bounded ? 'yes' : 'NO');
      if (!drained) {
        console.log('  the projections did not catch up within 120 s after the step: stopping here');
        break;
      }
    }
    if (top) {
      console.log(`\nper projection at ${top.target.toLocaleString('en-US')}/s (events it handles): p50 / p99`);
      for (const [name, ms] of [...top.perProjection].sort((a, b) => percentile(b[1], 99) - percentile(a[1], 99)))
        console.log(`  ${name.padEnd(18)} ${fmt(percentile(ms, 50)).padStart(10)} / ${fmt(percentile(ms, 99))}`);
    }
    console.log('');
    row(
      'highest rate with bounded lag',
      highestBounded ? `${highestBounded.toLocaleString('en-US')}/s` : 'none',
      '>= 10,000/s at p99 < 1 s',
    );
  } finally {
    runner?.kill('SIGTERM');
    if (runner && runner.exitCode === null) await new Promise((resolve) => runner!.once('exit', resolve));
    await watcher.stop().catch(() => undefined);
    await store.close();
    await database.drop();
  }
}

interface StepResult {
  target: number;
  achieved: number;
  /** One per event appended after the warm-up: when it was appended (ms into the step) and its lag. */
  lags: Array<{ at: number; ms: number }>;
  perProjection: Map<string, number[]>;
  firstQuarterP50: number;
  lastQuarterP50: number;
  /**
   * Lag did not grow over the step: the last quarter's p50 at most twice the first quarter's plus
   * 100 ms, and every projection past the step's last event within BOUNDED_DRAIN_MS of its append
   * (a backlog longer than that is one the step built up).
   */
  bounded: boolean;
  /** From the step's last append until every projection was past it. */
  drainMs: number;
  /** Whether the projections caught up within 120 s after the step. */
  drained: boolean;
}

const TICK_MS = 10;
const WARM_UP_MS = 1_000;
const BOUNDED_DRAIN_MS = 1_000;

async function runStep(
  store: PostgresEventStore,
  watcher: CheckpointWatcher,
  take: (n: number) => HistoryRow[],
  handlersOf: (type: string) => string[],
  target: number,
  seconds: number,
): Promise<StepResult> {
  const lags: StepResult['lags'] = [];
  const perProjection = new Map<string, number[]>();
  const started = performance.now();
  const endAt = started + seconds * 1_000;
  let sent = 0;
  let lastPosition: Position | undefined;
  for (let tick = 1; ; tick++) {
    const due = started + tick * TICK_MS;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const now = performance.now();
    const count = Math.floor((Math.min(now, endAt) - started) * (target / 1_000)) - sent;
    if (count > 0) {
      const rows = take(count);
      const positions = await insertHistoryRows(store.pool, rows);
      const acked = performance.now();
      // As the store's append does after commit: the projections wake on it, not on their 1 s safety poll.
      store.notifySubscribers();
      sent += count;
      lastPosition = positions.at(-1)!;
      track(watcher, rows, positions, acked, handlersOf, (ms, name) => {
        if (acked - started < WARM_UP_MS) return;
        const list = perProjection.get(name) ?? [];
        list.push(ms);
        perProjection.set(name, list);
      }).then((byEvent) => {
        if (acked - started >= WARM_UP_MS) for (const ms of byEvent) lags.push({ at: acked - started, ms });
      }, console.error);
    }
    if (now >= endAt) break;
  }
  const achieved = rate(sent, performance.now() - started);
  // Every lag is known once the projections are past the step's last event.
  const appended = performance.now();
  const drained = await caughtUp(watcher, lastPosition!, 120_000).then(
    () => true,
    () => false,
  );
  const drainMs = performance.now() - appended;
  const quarter = (seconds * 1_000 - WARM_UP_MS) / 4;
  const p50 = (from: number, to: number) =>
    percentile(
      lags.filter((l) => l.at >= from && l.at < to).map((l) => l.ms),
      50,
    );
  const firstQuarterP50 = p50(WARM_UP_MS, WARM_UP_MS + quarter);
  const lastQuarterP50 = p50(seconds * 1_000 - quarter, Infinity);
  return {
    target,
    achieved,
    lags,
    perProjection,
    firstQuarterP50,
    lastQuarterP50,
    bounded: drainMs <= BOUNDED_DRAIN_MS && lastQuarterP50 <= 2 * firstQuarterP50 + 100,
    drained,
    drainMs,
  };
}

/**
 * Resolves with each event's lag once every projection that handles it has passed the chunk's
 * last event it handles (per projection: `onProjection` gets its lag for the chunk).
 */
function track(
  watcher: CheckpointWatcher,
  rows: readonly HistoryRow[],
  positions: readonly Position[],
  acked: number,
  handlersOf: (type: string) => string[],
  onProjection: (ms: number, name: string) => void,
): Promise<number[]> {
  const lastHandled = new Map<string, Position>();
  rows.forEach((r, i) => {
    for (const name of handlersOf(r.type)) lastHandled.set(name, positions[i]!);
  });
  const passedAt = new Map<string, number>();
  return new Promise((resolve) => {
    let open = lastHandled.size;
    const finish = () =>
      resolve(rows.map((r) => Math.max(0, ...handlersOf(r.type).map((name) => passedAt.get(name)! - acked))));
    if (open === 0) return finish();
    for (const [name, position] of lastHandled)
      watcher.whenPassed(name, position, (at) => {
        passedAt.set(name, at);
        onProjection(at - acked, name);
        if (--open === 0) finish();
      });
  });
}

/** Resolves once every projection's checkpoint is at or past `position` (those with nothing to do move theirs within 250 ms). */
async function caughtUp(watcher: CheckpointWatcher, position: Position, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const positions = [...watcher.positions.values()];
    if (positions.length === allProjections.length && positions.every((p) => comparePositions(p, position) >= 0))
      return;
    await sleep(50);
  }
  throw new Error(`projections did not reach the log's head within ${timeoutMs / 1000} s`);
}

const fmt = (ms: number) =>
  Number.isNaN(ms) ? '-' : ms >= 1_000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`;

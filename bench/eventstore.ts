import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { START, type Position } from '@myworld/schemas';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { ReadModels, createDatabase, ensureRegistry } from '@myworld/projections';
import { percentile, rate, row } from './stats.ts';

const metadata = () => ({
  actorId: 'bench',
  correlationId: randomUUID(),
  causationId: null,
  requestId: null,
  client: null,
  timestamp: new Date().toISOString(),
});
const event = (i: number): NewEvent => ({
  id: randomUUID(),
  type: 'BenchHappened',
  data: { i, note: 'a small payload like a like or a view' },
  metadata: metadata(),
});

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Event-store figures on this machine: appends, catch-up reads and projection lag. */
export async function run(args: string[]): Promise<void> {
  const quick = args.includes('--quick');
  const db = await createTestDatabase('bench');
  const store = new PostgresEventStore({ connectionString: db.url, poolSize: 16 });
  await store.migrate();
  console.log(`event store benchmark (PostgreSQL, ${quick ? 'quick' : 'full'} run)\n`);
  try {
    const single = quick ? 500 : 2_000;
    const ms1 = await timed(async () => {
      for (let i = 0; i < single; i++) await store.append(`bench1-${i % 100}`, expected.any, [event(i)]);
    });
    row('single-event appends, 1 client', `${rate(single, ms1)} /s`);

    const perClient = quick ? 250 : 1_000;
    const ms8 = await timed(() =>
      Promise.all(
        Array.from({ length: 8 }, async (_, c) => {
          for (let i = 0; i < perClient; i++) await store.append(`bench8-${c}-${i % 50}`, expected.any, [event(i)]);
        }),
      ),
    );
    row('single-event appends, 8 clients', `${rate(8 * perClient, ms8)} /s`, '>= 2,000/s');

    const batches = quick ? 500 : 2_000;
    const msBatch = await timed(() =>
      Promise.all(
        Array.from({ length: 4 }, async (_, c) => {
          for (let b = c; b < batches; b += 4)
            await store.append(
              `benchb-${b}`,
              expected.noStream,
              Array.from({ length: 100 }, (_, i) => event(i)),
            );
        }),
      ),
    );
    row(
      'batched appends (100 per append, 4 clients)',
      `${rate(batches * 100, msBatch)} events/s`,
      '>= 50,000 events/s',
    );

    let total = 0;
    const msRead = await timed(async () => {
      let after: Position = START;
      for (;;) {
        const batch = await store.readAll({ after, maxCount: 2_000 });
        if (batch.length === 0) break;
        total += batch.length;
        after = batch[batch.length - 1]!.position;
      }
    });
    row(
      `catch-up read from 0 (${total.toLocaleString('en')} events)`,
      `${rate(total, msRead)} events/s`,
      '>= 100,000 events/s',
    );
  } finally {
    await store.close();
    await db.drop();
  }
  // Lag is measured in a database of its own: right after a bulk load, autovacuum and analyze of
  // the big tables would be measured instead of the steady state.
  const lagDb = await createTestDatabase('bench_lag');
  const lagStore = new PostgresEventStore({ connectionString: lagDb.url, poolSize: 16 });
  await lagStore.migrate();
  try {
    await projectionLag(lagStore, lagDb.url, quick ? 5 : 10);
  } finally {
    await lagStore.close();
    await lagDb.drop();
  }
}

/**
 * Appends at a steady 500/s while the projections process runs (all projections, as in
 * production); times append acknowledged -> visible through ReadModels.waitFor (X-Min-Position).
 * The first second is warm-up and not counted.
 */
async function projectionLag(store: PostgresEventStore, databaseUrl: string, seconds: number): Promise<void> {
  const kysely = createDatabase(databaseUrl, { max: 4 });
  await ensureRegistry(kysely);
  const runner = spawn(process.execPath, ['--import', 'tsx', 'projections/src/main.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', PROJECTION_BATCH_SIZE: '500' },
    stdio: 'inherit',
  });
  const exited = new Promise<void>((resolve) => runner.once('exit', () => resolve()));
  const readModels = new ReadModels(kysely, databaseUrl);
  await readModels.start();
  try {
    // Wait until the runner has started and created its generations.
    const head = await store.headPosition();
    if (!(await readModels.waitFor('timelines', head, 120_000))) throw new Error('projection did not catch up');

    const RATE = 500;
    const WARM_UP = RATE;
    const lags: number[] = [];
    const pending: Promise<void>[] = [];
    const started = performance.now();
    for (let i = 0; i < WARM_UP + RATE * seconds; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      pending.push(
        (async () => {
          const result = await store.append(`lag-${i % 200}`, expected.any, [event(i)]);
          const acked = performance.now();
          const visible = await readModels.waitFor('timelines', result.position, 10_000);
          if (visible && i >= WARM_UP) lags.push(performance.now() - acked);
        })(),
      );
    }
    await Promise.all(pending);
    const achieved = rate(WARM_UP + RATE * seconds, performance.now() - started);
    row(`projection lag at ${achieved} appends/s: p50`, `${percentile(lags, 50).toFixed(1)} ms`);
    row(`projection lag at ${achieved} appends/s: p99`, `${percentile(lags, 99).toFixed(1)} ms`, '< 50 ms');
    row('  (events that became visible)', `${lags.length} / ${RATE * seconds}`);
  } finally {
    // Its database is dropped next: the runner must have closed its connections by then.
    runner.kill('SIGTERM');
    await exited;
    await readModels.close();
    await kysely.destroy();
  }
}

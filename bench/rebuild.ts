import { sql } from 'kysely';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { allProjections, createDatabase, rebuildAll, type RebuildAllResult } from '@myworld/projections';
import { writeRebuildHistory } from './rebuild-history.ts';
import { rate, row } from './stats.ts';

/**
 * `npm run bench -- rebuild [--events N] [--batch N] [--concurrency N] [--one-by-one] [--projections a,b] [--no-bulk]`: writes a
 * month of the product's life (default 1M events, or BENCH_EVENTS) into the PostgreSQL event log
 * of a throwaway database (timed apart, not counted), then rebuilds every read model from 0 as
 * `npm run replay -- --projection all` does: the log read once, the projections applied side by
 * side. Prints events/s and wall time in total and per projection. Target: 1M events < 30 s.
 * --one-by-one rebuilds the projections one after another instead, each reading the whole log:
 * each one's own cost, without the others competing for the cores. --projections rebuilds only those.
 * --no-bulk builds the generations indexed and logged throughout, as the runner does (see bulk-load.ts).
 */
export async function run(args: string[]): Promise<void> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const total = Number(option('events') ?? process.env.BENCH_EVENTS ?? 1_000_000);
  const batchSize = Number(option('batch') ?? 2_000);
  const concurrency = Number(option('concurrency') ?? 4);
  const oneByOne = args.includes('--one-by-one');
  const bulk = !args.includes('--no-bulk');
  const only = option('projections')?.split(',');
  const projections = only ? allProjections.filter((p) => only.includes(p.name)) : allProjections;
  if (!Number.isInteger(total) || total < 1_000) throw new Error('--events: give a whole number of at least 1000');

  const database = await createTestDatabase('bench_rebuild');
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: 4 });
  const db = createDatabase(database.url, {
    max: concurrency + 2,
    applicationName: 'myworld-bench-rebuild',
    asyncCommit: true,
    prepareStatements: true,
  });
  try {
    await store.migrate();
    console.log(
      `rebuild benchmark: ${total.toLocaleString('en-US')} events, batches of ${batchSize}, ${oneByOne ? 'one projection at a time' : `${concurrency} projections at a time`}, ${bulk ? 'bulk load (unlogged, indexes at the end)' : 'indexed and logged throughout'}\n`,
    );
    let t = performance.now();
    await writeRebuildHistory(store, total);
    // A log in production has been vacuumed and analysed long since; a fresh bulk load has not.
    await store.pool.query('vacuum analyze events');
    row('history written (not counted)', `${((performance.now() - t) / 1000).toFixed(1)} s`);

    // The floor: reading and parsing nothing but the log, as every rebuild must.
    const floor = await rebuildAll({ store, db, projections: [], batchSize });
    row(
      'reading the log alone (the floor)',
      `${floor.seconds.toFixed(1)} s = ${rate(floor.events, floor.seconds * 1000).toLocaleString('en-US')} events/s`,
    );

    t = performance.now();
    const results: RebuildAllResult[] = [];
    const progressEvery = Math.max(batchSize, Math.round(total / 10 / batchSize) * batchSize);
    let shown = 0;
    const onProgress = ({ events }: { events: number }) => {
      if (events - shown < progressEvery) return;
      shown = events;
      console.log(
        `  ${events.toLocaleString('en-US')} events read after ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    };
    if (oneByOne) {
      for (const projection of projections)
        results.push(await rebuildAll({ store, db, projections: [projection], batchSize, concurrency: 1, bulk }));
    } else {
      results.push(await rebuildAll({ store, db, projections, batchSize, concurrency, onProgress, bulk }));
    }
    const wallMs = performance.now() - t;

    console.log(
      `\n${'projection'.padEnd(18)} ${'applying'.padStart(10)} ${'events/s'.padStart(10)} ${'done after'.padStart(11)} ${'indexes deferred'.padStart(17)}`,
    );
    const built = results.flatMap((r) => r.built).sort((a, b) => b.seconds - a.seconds);
    for (const r of built) {
      console.log(
        `${r.generation.name.padEnd(18)} ${`${r.seconds.toFixed(1)} s`.padStart(10)} ${rate(r.events, r.seconds * 1000)
          .toLocaleString('en-US')
          .padStart(
            10,
          )} ${`${(oneByOne ? r.seconds : r.doneAfterSeconds).toFixed(1)} s`.padStart(11)} ${String(r.deferredIndexes).padStart(17)}`,
      );
    }
    for (const failure of results.flatMap((r) => r.failed)) console.log(`FAILED ${failure.message}`);
    console.log('');
    row(
      `rebuild of all ${built.length} read models: wall time`,
      `${(wallMs / 1000).toFixed(1)} s`,
      total >= 1_000_000 ? '< 30 s for 1M events' : undefined,
    );
    row('rebuild of all read models: events/s', `${rate(total, wallMs).toLocaleString('en-US')}`, '>= 33,333/s');
    const sizes = await sql<{
      size: string;
    }>`select pg_size_pretty(sum(pg_total_relation_size(c.oid))) as size from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname like 'rm\\_%'`.execute(
      db,
    );
    row('read models on disk', sizes.rows[0]?.size ?? '?');
  } finally {
    await db.destroy();
    await store.close();
    await database.drop();
  }
}

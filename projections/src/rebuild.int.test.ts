import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pino from 'pino';
import { comparePositions } from '@myworld/schemas';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { allProjections } from './all-projections.ts';
import { createDatabase } from './database.ts';
import { activeGeneration, ensureRegistry } from './generations.ts';
import { defineProjection } from './projection.ts';
import { rebuild, rebuildAll } from './rebuild.ts';
import { ProjectionRunner } from './runner.ts';
import { engagementHistory } from './read-models/posts/engagement-history.testing.ts';
import { ProjectionEventError } from './failures.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { rowCount, schemaDifferences } from './testing/compare-schemas.ts';
import { seedEvents } from './testing/seed-events.ts';
import { eventually } from './testing/processes.ts';

/** One row per event, one event (and statement) at a time; `poison` events make it throw when `fragile`. */
const counting = (name: string, fragile = false) =>
  defineProjection<{ seen: { id: string } }>({
    name,
    version: 1,
    migrate: async (kdb, schema) =>
      void (await sql`create table ${sql.id(schema, 'seen')} (id uuid primary key)`.execute(kdb)),
    handlers: {
      '*': async ({ db }, event) => {
        if (fragile && (event.data as { poison?: boolean }).poison) throw new Error('cannot digest this event');
        await db.insertInto('seen').values({ id: event.id }).execute();
      },
    },
  });

describe('rebuilding several projections at once', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  beforeAll(async () => {
    database = await createTestDatabase('rebuild_all');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    // As the rebuild tools open it: commits without waiting for the disk, statements prepared.
    db = createDatabase(database.url, { max: 4, asyncCommit: true, prepareStatements: true });
    await ensureRegistry(db);
    await seedEvents(store, 700, 7, 100);
    await store.append(`seed-${randomUUID()}`, expected.any, [
      { id: randomUUID(), type: 'Poisoned', data: { poison: true }, metadata: testMetadata() },
    ]);
    await seedEvents(store, 299, 3, 100);
    const last = await store.append(`seed-${randomUUID()}`, expected.any, [
      { id: randomUUID(), type: 'Last', data: {}, metadata: testMetadata() },
    ]);
    // Readers see an event once every older transaction of the server has ended (other tests' too).
    await eventually(
      'the seeded events to be readable',
      async () => comparePositions(await store.headPosition(), last.position) >= 0,
    );
  });
  afterAll(async () => {
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('reads the log once for all of them, builds each as a rebuild of its own would, and drops only the one a handler fails on', async () => {
    const result = await rebuildAll({
      store,
      db,
      projections: [timelinesProjection, counting('counter'), counting('fragile', true)],
      batchSize: 600,
      concurrency: 2,
    });
    expect(result.events).toBe(1_001);
    expect(result.built.map((b) => [b.generation.name, b.events])).toEqual([
      ['timelines', 1_001],
      ['counter', 1_001],
    ]);
    expect(result.failed).toHaveLength(1);
    expect(result.failed[0]).toBeInstanceOf(ProjectionEventError);
    expect(result.failed[0]!.event.type).toBe('Poisoned');

    // Built ones serve now; the failed one's generation is gone.
    const [timelines, counter] = result.built.map((b) => b.generation);
    expect((await activeGeneration(db, 'timelines'))?.generation).toBe(timelines!.generation);
    expect(await rowCount(db, counter!.schemaName, 'seen')).toBe(1_001);
    expect(await activeGeneration(db, 'fragile')).toBeUndefined();
    const schemas = await sql<{
      n: number;
    }>`select count(*) as n from information_schema.schemata where schema_name like 'rm\\_fragile%'`.execute(db);
    expect(Number(schemas.rows[0]!.n)).toBe(0);

    const alone = await rebuild({
      store,
      db,
      projection: { ...timelinesProjection, name: 'timelines_alone' },
      batchSize: 50,
    });
    expect(
      await schemaDifferences(db, timelines!.schemaName, alone.generation.schemaName, [
        'timeline_entries',
        'stream_summaries',
      ]),
    ).toEqual({ timeline_entries: 0, stream_summaries: 0 });
  });

  it('a single rebuild still throws the failing event', async () => {
    const failure = await rebuild({ store, db, projection: counting('fragile_alone', true) }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ProjectionEventError);
    expect((failure as ProjectionEventError).event.type).toBe('Poisoned');
    expect(await activeGeneration(db, 'fragile_alone')).toBeUndefined();
  });
});

describe('a bulk rebuild (unlogged tables, secondary indexes built at the end)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let db: Kysely<any>;
  let runner: ProjectionRunner;
  let scripted = 0;
  beforeAll(async () => {
    database = await createTestDatabase('bulk_rebuild');
    store = new PostgresEventStore({ connectionString: database.url });
    await store.migrate();
    db = createDatabase(database.url, { max: 6, asyncCommit: true, prepareStatements: true });
    // Every read model built live, event by event in small batches, as the projections process does.
    runner = new ProjectionRunner({
      store,
      db: createDatabase(database.url, { max: 4 }),
      databaseUrl: database.url,
      projections: allProjections,
      logger: pino({ level: 'silent' }),
      batchSize: 25,
    });
    await runner.start();
    const { events } = engagementHistory(11);
    scripted = events.length;
    for (let i = 0; i < events.length; i += 20)
      await store.append(`script-${randomUUID()}`, expected.noStream, events.slice(i, i + 20));
  });
  afterAll(async () => {
    await runner.stop();
    await db.destroy();
    await store.close();
    await database.drop();
  });

  it('equals every live-built read model, row for row, with the same indexes, logged, and the marker gone', async () => {
    const live = await eventually(
      'every projection to apply the whole log',
      async () => {
        const generations = await Promise.all(allProjections.map((p) => activeGeneration(db, p.name)));
        // Events read, not their position: the head's transaction id may be past the last event's.
        return generations.every((g) => g && (g.failure || g.eventsApplied >= scripted)) && generations;
      },
      120_000,
    );
    // The log's end is where the furthest live checkpoint stands: the store's head position can
    // fall short of it while a live transaction holds back the visible log.
    const head = live
      .map((g) => g!.checkpoint)
      .reduce((furthest, c) => (comparePositions(c, furthest) > 0 ? c : furthest));
    const snapshot = (bulk: boolean) =>
      rebuildAll({
        store,
        db,
        projections: allProjections,
        until: { position: head },
        batchSize: 40,
        bulk,
        // Learn which indexes the handlers use over the first 40 events, and defer the rest.
        indexProbe: { events: 40, ms: 0 },
      });
    const result = await snapshot(true);
    const indexed = await snapshot(false);
    // The scripted history follows someone twice, which `follows` rejects: live and in bulk alike.
    const failedLive = live.filter((g) => g!.failure).map((g) => g!.name);
    expect(failedLive).toEqual(['follows']);
    expect(result.failed.map((f) => f.projection)).toEqual(failedLive);

    let rows = 0;
    for (const built of result.built) {
      const liveSchema = live.find((g) => g!.name === built.generation.name)!.schemaName;
      const indexedSchema = indexed.built.find((b) => b.generation.name === built.generation.name)!.generation
        .schemaName;
      const bulkSchema = built.generation.schemaName;
      const tables = await tablesIn(db, liveSchema);
      expect(await tablesIn(db, bulkSchema)).toEqual(tables);
      const none = Object.fromEntries(tables.map((t) => [t, 0]));
      // The same as a rebuild into indexed, logged tables, every table...
      expect(await schemaDifferences(db, indexedSchema, bulkSchema, tables)).toEqual(none);
      // ...and as the live-built one.
      expect(await schemaDifferences(db, liveSchema, bulkSchema, tables)).toEqual(none);
      for (const table of tables) rows += await rowCount(db, bulkSchema, table);
      expect(await indexesIn(db, bulkSchema)).toEqual(await indexesIn(db, liveSchema));
      const unlogged = await sql<{ name: string }>`
        select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = ${bulkSchema} and c.relpersistence <> 'p'`.execute(db);
      expect(unlogged.rows).toEqual([]);
    }
    expect(rows).toBeGreaterThan(100);
    expect(result.built.reduce((n, b) => n + b.deferredIndexes, 0)).toBeGreaterThan(10);
  }, 170_000);
});

async function tablesIn(db: Kysely<any>, schema: string): Promise<string[]> {
  const r = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = ${schema} order by tablename`.execute(db);
  return r.rows.map((t) => t.name);
}

/** Index definitions with the schema's name taken out, so two generations' compare. */
async function indexesIn(db: Kysely<any>, schema: string): Promise<string[]> {
  const r = await sql<{ definition: string }>`
    select indexdef as definition from pg_indexes where schemaname = ${schema} order by indexname`.execute(db);
  return r.rows.map((i) => i.definition.replaceAll(`${schema}.`, ''));
}

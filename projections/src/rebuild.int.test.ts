import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { comparePositions } from '@myworld/schemas';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from './database.ts';
import { activeGeneration, ensureRegistry } from './generations.ts';
import { defineProjection } from './projection.ts';
import { rebuild, rebuildAll } from './rebuild.ts';
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

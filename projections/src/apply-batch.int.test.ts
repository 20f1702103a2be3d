import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { START } from '@myworld/schemas';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { createDatabase } from './database.ts';
import { applyBatch, BatchApplier, GenerationMovedError } from './apply-batch.ts';
import { ProjectionEventError } from './failures.ts';
import { createGeneration, ensureRegistry, findGeneration } from './generations.ts';
import { defineProjection } from './projection.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { seedEvents } from './testing/seed-events.ts';
import { rowCount } from './testing/compare-schemas.ts';
import { eventually } from './testing/processes.ts';

describe('applying a batch', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  beforeAll(async () => {
    db = await createTestDatabase('apply');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 3 });
    await ensureRegistry(kysely);
    await seedEvents(store, 200, 4, 50);
    // Readers see an event once every older transaction of the server has ended (other tests' too).
    await eventually(
      'the seeded events to be readable',
      async () => (await store.readAll({ after: START, maxCount: 200 })).length === 200,
    );
  });
  afterAll(async () => {
    await kysely.destroy();
    await store.close();
    await db.drop();
  });

  it('a set-based batch and its checkpoint land together, and a stale checkpoint keeps nothing of it', async () => {
    const events = await store.readAll({ after: START, maxCount: 200 });
    const generation = await createGeneration(kysely, timelinesProjection, 'building');
    await applyBatch(kysely, timelinesProjection, generation, events.slice(0, 100));
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(100);
    expect((await findGeneration(kysely, 'timelines', generation.generation)).checkpoint).toEqual(events[99]!.position);

    // Another runner (or a replay) moved the checkpoint: this runner's view is stale.
    const stale = { ...generation, checkpoint: START };
    await expect(applyBatch(kysely, timelinesProjection, stale, events.slice(100))).rejects.toBeInstanceOf(
      GenerationMovedError,
    );
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(100);
  });

  it('a set-based batch that fails is retried one event at a time, which names the failing event and keeps those before it', async () => {
    const events = await store.readAll({ after: START, maxCount: 60 });
    const generation = await createGeneration(
      kysely,
      { ...timelinesProjection, name: 'timelines_conflict' },
      'building',
    );
    // A row already there for the 31st event: its insert breaks the primary key.
    const culprit = events[30]!;
    await sql`insert into ${sql.id(generation.schemaName, 'timeline_entries')} (stream, version, event_id, type, correlation_id, occurred_at, position)
              values (${culprit.stream}, ${Number(culprit.version)}, ${culprit.id}, 'Planted', 'x', now(), 'x')`.execute(
      kysely,
    );
    const applier = new BatchApplier(kysely, { ...timelinesProjection, name: 'timelines_conflict' }, generation);
    const failure = await applier.apply(events).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProjectionEventError);
    expect((failure as ProjectionEventError).event).toBe(culprit);
    expect((failure as ProjectionEventError).reason).toMatch(/duplicate key/);
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(31); // 30 before it + the planted row
    expect((await findGeneration(kysely, 'timelines_conflict', generation.generation)).checkpoint).toEqual(
      events[29]!.position,
    );
  });

  it('a run that fails is retried as runs of one: a good batch lands all the same, a bad event is named and those before it kept', async () => {
    const views = Array.from({ length: 12 }, (_, i) => ({
      id: randomUUID(),
      type: 'PostViewed',
      data: { postId: `post-${i}`, viewerId: 'viewer', authorId: 'author', viewedAt: '2025-06-01T10:00:00.000Z' },
      metadata: testMetadata(),
    }));
    await store.append(`view-${randomUUID()}`, expected.noStream, views);
    const events = await eventually('the views to be readable', async () => {
      const read = (await store.readAll({ after: START, maxCount: 1_000 })).filter((e) => e.type === 'PostViewed');
      return read.length === 12 && read;
    });
    let poison: string | undefined;
    let runSizes: number[] = [];
    // The run handler is the only implementation of PostViewed: runs longer than one always fail
    // here, and any run holding the view of `poison` does.
    const projection = (name: string) =>
      defineProjection<{ seen: { id: string } }>({
        name,
        version: 1,
        migrate: async (kdb, schema) =>
          void (await sql`create table ${sql.id(schema, 'seen')} (id uuid primary key)`.execute(kdb)),
        handlers: {},
        runHandlers: [
          {
            types: ['PostViewed'],
            apply: async ({ db: q }, run) => {
              runSizes.push(run.length);
              if (run.some((e) => e.type === 'PostViewed' && e.data.postId === poison))
                throw new Error('cannot digest this view');
              if (run.length > 1) throw new Error('runs are broken');
              await q.insertInto('seen').values({ id: run[0]!.id }).execute();
            },
          },
        ],
      });

    const good = projection('runs_good');
    const generation = await createGeneration(kysely, good, 'building');
    expect(await new BatchApplier(kysely, good, generation).apply(events)).toBe(12);
    expect(runSizes).toEqual([12, ...Array.from({ length: 12 }, () => 1)]);
    expect(await rowCount(kysely, generation.schemaName, 'seen')).toBe(12);
    expect((await findGeneration(kysely, 'runs_good', generation.generation)).checkpoint).toEqual(events[11]!.position);

    const bad = projection('runs_bad');
    const badGeneration = await createGeneration(kysely, bad, 'building');
    poison = 'post-5';
    runSizes = [];
    const failure = await new BatchApplier(kysely, bad, badGeneration).apply(events).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProjectionEventError);
    expect((failure as ProjectionEventError).event).toBe(events[5]);
    expect((failure as ProjectionEventError).reason).toMatch(/cannot digest this view/);
    expect(await rowCount(kysely, badGeneration.schemaName, 'seen')).toBe(5);
    expect((await findGeneration(kysely, 'runs_bad', badGeneration.generation)).checkpoint).toEqual(
      events[4]!.position,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { START } from '@myworld/schemas';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { createDatabase } from './database.ts';
import { sql } from 'kysely';
import { applyBatch, BatchApplier, GenerationMovedError } from './apply-batch.ts';
import { ProjectionEventError } from './failures.ts';
import { createGeneration, ensureRegistry, findGeneration } from './generations.ts';
import { timelinesProjection } from './read-models/timelines/timelines.projection.ts';
import { seedEvents } from './testing/seed-events.ts';
import { rowCount } from './testing/compare-schemas.ts';

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
    await expect(applyBatch(kysely, timelinesProjection, stale, events.slice(100))).rejects.toBeInstanceOf(GenerationMovedError);
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(100);
  });

  it('a set-based batch that fails is retried one event at a time, which names the failing event and keeps those before it', async () => {
    const events = await store.readAll({ after: START, maxCount: 60 });
    const generation = await createGeneration(kysely, { ...timelinesProjection, name: 'timelines_conflict' }, 'building');
    // A row already there for the 31st event: its insert breaks the primary key.
    const culprit = events[30]!;
    await sql`insert into ${sql.id(generation.schemaName, 'timeline_entries')} (stream, version, event_id, type, correlation_id, occurred_at, position)
              values (${culprit.stream}, ${Number(culprit.version)}, ${culprit.id}, 'Planted', 'x', now(), 'x')`.execute(kysely);
    const applier = new BatchApplier(kysely, { ...timelinesProjection, name: 'timelines_conflict' }, generation);
    const failure = await applier.apply(events).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProjectionEventError);
    expect((failure as ProjectionEventError).event).toBe(culprit);
    expect((failure as ProjectionEventError).reason).toMatch(/duplicate key/);
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(31); // 30 before it + the planted row
    expect((await findGeneration(kysely, 'timelines_conflict', generation.generation)).checkpoint).toEqual(events[29]!.position);
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { Kysely } from 'kysely';
import { PostgresEventStore, expect as expected } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing/test-database';
import { testMetadata } from '@myworld/eventstore/contract/sample-events';
import { createDatabase } from './database.ts';
import { ReadModels } from './read-models.ts';
import { ProjectionRunner } from './runner.ts';
import { timelinesProjection } from './timelines/timelines.projection.ts';
import { rowCount } from './testing/compare-schemas.ts';
import { activeGeneration } from './generations.ts';

describe('two projection runners (as on two machines)', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  beforeAll(async () => {
    db = await createTestDatabase('leader');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 4 });
  });
  afterAll(async () => {
    await kysely.destroy();
    await store.close();
    await db.drop();
  });

  const append = (n: number) =>
    Promise.all(Array.from({ length: n }, () => store.append(`post-${randomUUID()}`, expected.noStream, [{ id: randomUUID(), type: 'PostCreated', data: {}, metadata: testMetadata() }])));

  it('only one is active per projection; when it stops, the standby takes over without losing events', async () => {
    const logger = pino({ level: 'silent' });
    const make = () => new ProjectionRunner({ store, db: kysely, databaseUrl: db.url, projections: [timelinesProjection], logger });
    const a = make();
    const b = make();
    await a.start();
    await b.start();
    const readModels = new ReadModels(kysely, db.url);
    await readModels.start();

    const first = await append(50);
    expect(await readModels.waitFor('timelines', first.at(-1)!.position, 10_000)).toBe(true);
    expect([a.isLeading('timelines'), b.isLeading('timelines')].filter(Boolean)).toHaveLength(1);

    const [leader, standby] = a.isLeading('timelines') ? [a, b] : [b, a];
    await leader.stop();
    const second = await append(50);
    expect(await readModels.waitFor('timelines', second.at(-1)!.position, 10_000)).toBe(true);
    expect(standby.isLeading('timelines')).toBe(true);

    const generation = (await activeGeneration(kysely, 'timelines'))!;
    expect(await rowCount(kysely, generation.schemaName, 'timeline_entries')).toBe(100);
    await standby.stop();
    await readModels.close();
    await sleep(10);
  });
});

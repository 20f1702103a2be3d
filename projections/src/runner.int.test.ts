import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql, type Kysely } from 'kysely';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase, testMetadata } from '@myworld/eventstore/testing';
import { START, comparePositions } from '@myworld/schemas';
import { createDatabase } from './database.ts';
import { activeGeneration, buildingGeneration, ensureRegistry } from './generations.ts';
import { ReadModels } from './query-side.ts';
import { ProjectionRunner } from './runner.ts';
import { timelinesProjection, type TimelinesDb } from './read-models/timelines/timelines.projection.ts';
import { streamTimeline } from './read-models/timelines/timelines.queries.ts';
import { seedEvents } from './testing/seed-events.ts';
import { childEnv, eventually, REPLAY } from './testing/processes.ts';
import type { Projection } from './projection.ts';
import { randomUUID } from 'node:crypto';

const logger = pino({ level: 'silent' });

describe('projection runner', () => {
  let db: TestDatabase;
  let store: PostgresEventStore;
  let kysely: Kysely<any>;
  beforeAll(async () => {
    db = await createTestDatabase('runner');
    store = new PostgresEventStore({ connectionString: db.url });
    await store.migrate();
    kysely = createDatabase(db.url, { max: 5 });
    await ensureRegistry(kysely);
    await seedEvents(store, 3_000);
    // Readers see an event once every older transaction of the server has ended (other tests' too).
    await eventually(
      'the seeded events to be readable',
      async () => (await store.readAll({ after: START, maxCount: 3_000 })).length === 3_000,
    );
  });
  afterAll(async () => {
    await kysely.destroy();
    await store.close();
    await db.drop();
  });

  it('follows new events, lets queries wait for a position, then rebuilds a new version blue-green', async () => {
    const readModels = new ReadModels(kysely, db.url);
    await readModels.start();
    const v1 = new ProjectionRunner({
      store,
      db: kysely,
      databaseUrl: db.url,
      projections: [timelinesProjection],
      logger,
      batchSize: 200,
    });
    await v1.start();

    const stream = `post-${randomUUID()}`;
    const appended = await store.append(stream, { kind: 'no_stream' }, [
      { id: randomUUID(), type: 'PostCreated', data: {}, metadata: { ...testMetadata(), actorId: 'user-9' } },
    ]);
    expect(await readModels.waitFor('timelines', appended.position, 5_000)).toBe(true);
    const timeline = await streamTimeline(await readModels.query<TimelinesDb>('timelines'), stream);
    expect(timeline).toMatchObject([{ version: 0, type: 'PostCreated', actorId: 'user-9' }]);

    // A position nobody has reached yet: the wait is bounded.
    const future = { commit: appended.position.commit + 1_000_000n, prepare: 0n };
    const started = Date.now();
    expect(await readModels.waitFor('timelines', future, 300)).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    await v1.stop();

    const old = (await activeGeneration(kysely, 'timelines'))!;
    // v2 applies events one by one and holds its first event until the gate opens: while it
    // builds, the old generation must keep serving (and must still be the active one).
    let reachGate!: () => void;
    const reached = new Promise<void>((resolve) => (reachGate = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const v2Projection: Projection = {
      ...timelinesProjection,
      version: timelinesProjection.version + 1,
      batchStatements: undefined,
      handlers: {
        '*': async ({ tx, schema }, event) => {
          reachGate();
          await gate;
          for (const statement of timelinesProjection.batchStatements!(schema, [event])) await statement.execute(tx);
        },
      },
    };
    const v2 = new ProjectionRunner({
      store,
      db: kysely,
      databaseUrl: db.url,
      projections: [v2Projection],
      logger,
      batchSize: 500,
    });
    await v2.start();
    await reached;
    const during = (await activeGeneration(kysely, 'timelines'))!;
    expect({ generation: during.generation, version: during.version, schema: during.schemaName }).toEqual({
      generation: old.generation,
      version: timelinesProjection.version,
      schema: old.schemaName,
    });
    const building = (await buildingGeneration(kysely, 'timelines', v2Projection.version))!;
    expect(building.generation).toBeGreaterThan(old.generation);
    expect(building.eventsApplied).toBe(0);
    expect(await streamTimeline(await readModels.query<TimelinesDb>('timelines'), stream)).toHaveLength(1); // served by v1
    openGate();
    let now = during;
    for (let i = 0; i < 600 && now.version !== v2Projection.version; i++) {
      await sleep(50);
      now = (await activeGeneration(kysely, 'timelines'))!;
    }
    expect(now.version).toBe(v2Projection.version);
    expect(now.generation).toBe(building.generation);
    expect(comparePositions(now.checkpoint, await store.headPosition())).toBe(0);
    const oldSchema =
      await sql`select 1 from information_schema.schemata where schema_name = ${old.schemaName}`.execute(kysely);
    expect(oldSchema.rows).toHaveLength(0); // retired generation dropped
    expect(await streamTimeline(await readModels.query<TimelinesDb>('timelines'), stream)).toHaveLength(1);
    await v2.stop();
    await readModels.close();
  });

  it('npm run replay rebuilds as of a time and prints events per second', async () => {
    const cutoff = new Date();
    await sleep(20);
    await seedEvents(store, 100, 1, 100);
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', REPLAY, '--projection', 'timelines', '--until', cutoff.toISOString()],
      {
        env: childEnv(db.url),
      },
    );
    const summary = stdout.trim().split('\n').at(-1)!;
    expect(summary).toMatch(/^timelines: \d+ events in [\d.]+ s = \d+ events\/s; snapshot schema asof_timelines_g\d+/);
    const schema = /snapshot schema (\S+)/.exec(summary)![1]!;
    const count = await sql<{
      n: number;
      newest: Date;
    }>`select count(*) as n, max(occurred_at) as newest from ${sql.id(schema, 'timeline_entries')}`.execute(kysely);
    const total = await sql<{ n: number }>`select count(*) as n from events where created_at <= ${cutoff}`.execute(
      kysely,
    );
    expect(Number(count.rows[0]!.n)).toBe(Number(total.rows[0]!.n));
    expect(count.rows[0]!.newest.getTime()).toBeLessThanOrEqual(cutoff.getTime());
  });
});

import type { Kysely } from 'kysely';
import pino from 'pino';
import { PostgresEventStore } from '@myworld/eventstore';
import { createTestDatabase, type TestDatabase } from '@myworld/eventstore/testing';
import { START } from '@myworld/schemas';
import { createDatabase } from '../database.ts';
import type { Projection } from '../projection.ts';
import { ReadModels } from '../query-side.ts';
import { ProjectionRunner } from '../runner.ts';

/** A read model's test bench: its own database, the event store, and the projection running live. */
export interface LiveReadModel {
  readonly database: TestDatabase;
  readonly store: PostgresEventStore;
  readonly db: Kysely<any>;
  readonly readModels: ReadModels;
  readonly runner: ProjectionRunner;
  stop(): Promise<void>;
}

/**
 * Starts `projection` live on a fresh database (named after `label`), ready once it has caught up
 * with the empty log. `batchSize` is kept small so that a replay (replayDifferences, batches of
 * 50) applies the same events in other groupings.
 */
export async function startLiveReadModel(
  label: string,
  projection: Projection,
  batchSize: number,
): Promise<LiveReadModel> {
  const database = await createTestDatabase(label);
  const store = new PostgresEventStore({ connectionString: database.url });
  await store.migrate();
  const db = createDatabase(database.url, { max: 4 });
  const runner = new ProjectionRunner({
    store,
    db,
    databaseUrl: database.url,
    projections: [projection],
    logger: pino({ level: 'silent' }),
    batchSize,
  });
  await runner.start();
  const readModels = new ReadModels(db, database.url);
  await readModels.start();
  if (!(await readModels.waitFor(projection.name, START, 10_000)))
    throw new Error(`${projection.name} did not start within 10 s`);
  return {
    database,
    store,
    db,
    readModels,
    runner,
    async stop() {
      await runner.stop();
      await readModels.close();
      await db.destroy();
      await store.close();
      await database.drop();
    },
  };
}

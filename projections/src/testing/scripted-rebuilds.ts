import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PostgresEventStore, expect as expected, type NewEvent } from '@myworld/eventstore';
import { createTestDatabase } from '@myworld/eventstore/testing';
import { createDatabase } from '../database.ts';
import { ensureRegistry } from '../generations.ts';
import type { Projection, RunHandler } from '../projection.ts';
import { rebuild } from '../rebuild.ts';

/** A throwaway log holding a scripted history, for building projections from it in different batch sizes. */
export interface ScriptedLog {
  readonly db: Kysely<any>;
  /** Builds `projection` from the whole history in batches of `batchSize` (a snapshot beside the others); answers its schema. */
  built(projection: Projection, batchSize: number): Promise<string>;
  close(): Promise<void>;
}

export async function scriptedLog(label: string, events: readonly NewEvent[]): Promise<ScriptedLog> {
  const database = await createTestDatabase(label);
  const store = new PostgresEventStore({ connectionString: database.url });
  await store.migrate();
  const db = createDatabase(database.url, { max: 3 });
  await ensureRegistry(db);
  for (let i = 0; i < events.length; i += 50)
    await store.append(`script-${randomUUID()}`, expected.noStream, events.slice(i, i + 50));
  return {
    db,
    built: async (projection, batchSize) => {
      const head = await store.headPosition();
      const { generation } = await rebuild({ store, db, projection, until: { position: head }, batchSize });
      return generation.schemaName;
    },
    close: async () => {
      await db.destroy();
      await store.close();
      await database.drop();
    },
  };
}

/** The projection with its run handlers counted, and their errors kept (a failed run is retried as runs of one, which would hide it). */
export function watchedRuns(projection: Projection, runs: { applied: number; failures: unknown[] }): Projection {
  const watch = (run: RunHandler<any>): RunHandler<any> => ({
    types: run.types,
    apply: async (ctx, events) => {
      try {
        await run.apply(ctx, events);
        runs.applied++;
      } catch (error) {
        runs.failures.push(error);
        throw error;
      }
    },
  });
  return { ...projection, runHandlers: projection.runHandlers?.map(watch) };
}

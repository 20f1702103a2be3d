import type pg from 'pg';
import { catchUp, type EventStore, type RecordedEvent } from '@myworld/eventstore';
import { ensureCheckpointTable, readCheckpoint, saveCheckpoint } from './reactor-checkpoints.ts';

export interface ReactorOptions {
  readonly name: string;
  readonly store: EventStore;
  readonly pool: pg.Pool;
  readonly batchSize: number;
  readonly signal: AbortSignal;
  /** Must be idempotent per event (e.g. a job id = event id): a crash between it and the checkpoint repeats the batch. */
  readonly handle: (batch: readonly RecordedEvent[]) => Promise<void>;
}

/**
 * Follows the log from its checkpoint and hands each batch to `handle`, then saves the new
 * checkpoint. The side effects live outside PostgreSQL (a Redis queue), so they cannot share the
 * checkpoint's transaction; instead `handle` is idempotent, which makes "effect, then
 * checkpoint" give each event's effect exactly once. Resolves when `signal` aborts.
 */
export async function runReactor(options: ReactorOptions): Promise<void> {
  const { name, store, pool, batchSize, signal, handle } = options;
  await ensureCheckpointTable(pool);
  const from = await readCheckpoint(pool, name);
  await catchUp(store, {
    from,
    batchSize,
    signal,
    handle: async (batch) => {
      await handle(batch);
      await saveCheckpoint(pool, name, batch[batch.length - 1]!.position, batch.length);
    },
  });
}

import pg from 'pg';
import { withLeaderLock } from '@myworld/projections';
import { catchUp, survivesConnectionLoss, type EventStore, type RecordedEvent } from '@myworld/eventstore';
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

export interface LeaderReactorOptions {
  /** The checkpoint's name; prefixed, also the leader lock's. */
  readonly name: string;
  readonly store: EventStore;
  readonly databaseUrl: string;
  readonly batchSize: number;
  /** The checkpoint pool's application_name (who holds the connection, in pg_stat_activity). */
  readonly applicationName: string;
  readonly handle: ReactorOptions['handle'];
  /** Run by each new leader before it follows the log (rebuilding a schedule from a read model, say). */
  readonly beforeFollowing?: () => Promise<void>;
}

/** A running leader reactor: `done` rejects when it fails for good; `stop` ends it and closes its pool. */
export interface LeaderReactor {
  readonly done: Promise<void>;
  stop(): Promise<void>;
}

/**
 * runReactor in one process at a time across every workers process (a PostgreSQL advisory lock,
 * `reactor:{name}`); the others wait to take over. Each reactor has its own small pool.
 */
export function startLeaderReactor(options: LeaderReactorOptions): LeaderReactor {
  const { name, store, databaseUrl, batchSize, handle, beforeFollowing } = options;
  const pool = survivesConnectionLoss(
    new pg.Pool({ connectionString: databaseUrl, max: 2, application_name: options.applicationName }),
  );
  const controller = new AbortController();
  const done = withLeaderLock(databaseUrl, `reactor:${name}`, controller.signal, async () => {
    await beforeFollowing?.();
    await runReactor({ name, store, pool, batchSize, signal: controller.signal, handle });
  });
  done.catch(() => undefined); // observed by the caller
  return {
    done,
    async stop() {
      controller.abort();
      await done.catch(() => undefined);
      await pool.end();
    },
  };
}

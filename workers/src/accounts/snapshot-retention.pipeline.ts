import { Queue, Worker } from 'bullmq';
import type { Logger } from 'pino';
import type { RecordedEvent } from '@myworld/eventstore';
import { createDatabase, dropSnapshots, expiredSnapshots } from '@myworld/projections';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';

export type SnapshotRetentionConfig = Pick<
  WorkersConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'QUEUE_PREFIX' | 'SNAPSHOT_TTL_DAYS'
>;

/** The hourly expiry's queue (its jobs carry nothing). */
export const SNAPSHOT_EXPIRY_QUEUE = 'accounts-snapshot-expiry';
const EVERY_MS = 3600_000;

/** The newest AccountDeleted of a batch: every snapshot made before it goes (dropping is idempotent, so a repeated batch is harmless). */
export function latestDeletion(batch: readonly RecordedEvent[]): Date | null {
  let latest: Date | null = null;
  for (const event of batch)
    if (event.type === 'AccountDeleted' && (!latest || event.createdAt > latest)) latest = event.createdAt;
  return latest;
}

export interface SnapshotRetention extends RunningFeature {
  /** A batch handler for the accounts deletion reactor (username-release.pipeline.ts): drops the snapshots an AccountDeleted makes stale. */
  onBatch(batch: readonly RecordedEvent[]): Promise<void>;
}

/**
 * Deleted means deleted in analysts' as-of snapshots too (see projections' snapshot-retention.ts):
 * `onBatch`, run by the checkpointed reactor that already follows AccountDeleted (one leader
 * across processes, no extra connections), drops every snapshot made before a deletion; an hourly
 * BullMQ job scheduler drops snapshots older than SNAPSHOT_TTL_DAYS (and one run at start).
 */
export function startSnapshotRetention(config: SnapshotRetentionConfig, logger: Logger): SnapshotRetention {
  const db = createDatabase(config.DATABASE_URL, { max: 1, applicationName: 'myworld-workers-snapshot-retention' });
  const expire = async () => {
    const dropped = await dropSnapshots(db, expiredSnapshots(config.SNAPSHOT_TTL_DAYS));
    if (dropped.length > 0) logger.info({ dropped }, 'expired as-of snapshots dropped');
    return { dropped: dropped.length };
  };
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const queue = new Queue(SNAPSHOT_EXPIRY_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const scheduled = queue.upsertJobScheduler(
    'hourly',
    { every: EVERY_MS },
    { name: 'drop-expired-snapshots', opts: { removeOnComplete: 24, removeOnFail: 24 } },
  );
  const worker = new Worker(SNAPSHOT_EXPIRY_QUEUE, expire, {
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    concurrency: 1,
  });
  worker.on('error', (error) => logger.error({ err: error }, 'snapshot expiry worker error'));

  void expire().catch((error: unknown) =>
    logger.warn({ err: error }, 'expired snapshots not dropped at start; the hourly run retries'),
  );
  let stopped!: () => void;
  const stopping = new Promise<void>((resolve) => (stopped = resolve));
  return {
    // A scheduler that cannot be set up is a failure for the supervisor to see; otherwise done at stop.
    done: scheduled.then(() => stopping),
    async onBatch(batch) {
      const deletedAt = latestDeletion(batch);
      if (!deletedAt) return;
      const dropped = await dropSnapshots(db, { createdBefore: deletedAt });
      if (dropped.length > 0) logger.info({ dropped }, 'as-of snapshots made before an account deletion dropped');
    },
    async stop() {
      stopped();
      await worker.close();
      await queue.close();
      queueRedis.disconnect();
      workerRedis.disconnect();
      await db.destroy();
    },
  };
}

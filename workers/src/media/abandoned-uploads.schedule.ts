import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import type { ObjectStorage } from '@myworld/storage';
import { deleteAbandonedUploads } from './abandoned-uploads.ts';
import { ABANDONED_UPLOADS_QUEUE } from './processing.jobs.ts';

const EVERY_MS = 3600_000;

/** Every hour (a BullMQ job scheduler, so one run per hour across worker processes): delete abandoned uploads. */
export async function scheduleAbandonedUploads(options: {
  connection: ConnectionOptions;
  prefix: string;
  storage: ObjectStorage;
  store: EventStore;
  logger: Logger;
}): Promise<{ close(): Promise<void> }> {
  const { connection, prefix, storage, store, logger } = options;
  const queue = new Queue(ABANDONED_UPLOADS_QUEUE, { connection, prefix });
  await queue.upsertJobScheduler(
    'hourly',
    { every: EVERY_MS },
    { name: 'delete-abandoned-uploads', opts: { removeOnComplete: 24, removeOnFail: 24 } },
  );
  const worker = new Worker(
    ABANDONED_UPLOADS_QUEUE,
    async () => {
      const result = await deleteAbandonedUploads(storage, store);
      if (result.deleted + result.aborted > 0) logger.info(result, 'abandoned uploads deleted');
      return result;
    },
    { connection, prefix, concurrency: 1 },
  );
  worker.on('error', (error) => logger.error({ err: error }, 'abandoned uploads worker error'));
  return {
    async close() {
      await worker.close();
      await queue.close();
    },
  };
}

import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { ObjectStorage } from '@myworld/storage';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { scheduleAbandonedUploads } from './abandoned-uploads.schedule.ts';
import { ensureBackgroundCatalogue } from './backgrounds/index.ts';
import { MEDIA_PROCESSING_QUEUE } from './processing.jobs.ts';
import { enqueueProcessingJobs } from './processing.reactor.ts';
import { startProcessingWorker } from './processing.worker.ts';

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const MEDIA_PROCESSING_REACTOR = 'media_processing';

export interface MediaProcessing extends RunningFeature {
  readonly queue: Queue;
}

/**
 * Media in the background: the reactor (MediaUploaded -> processing jobs; one active instance
 * across processes, by advisory lock), the processing worker (sharp and ffmpeg), the hourly
 * clean-up of uploads nothing attached, and the built-in background catalogue.
 */
export function startMediaProcessing(store: EventStore, config: WorkersConfig, logger: Logger): MediaProcessing {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const storage = new ObjectStorage(config);
  const queue = new Queue(MEDIA_PROCESSING_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startProcessingWorker({
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.MEDIA_CONCURRENCY,
    lockSeconds: config.MEDIA_JOB_LOCK_SECONDS,
    storage,
    store,
    logger,
  });
  const cleanup = scheduleAbandonedUploads({
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    storage,
    store,
    logger,
  });

  const reactor = startLeaderReactor({
    name: MEDIA_PROCESSING_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-media',
    handle: enqueueProcessingJobs(queue),
  });
  // The catalogue renders beside the rest (it only fills the bucket once); a failure is logged, and the next start tries again.
  if (config.BACKGROUND_CATALOGUE) {
    ensureBackgroundCatalogue(storage, { logger }).catch((error: unknown) =>
      logger.error({ err: error }, 'the background catalogue could not be rendered'),
    );
  }
  const done = Promise.all([reactor.done, cleanup]).then(() => undefined);
  done.catch(() => undefined); // observed by the caller

  return {
    queue,
    done,
    async stop() {
      await reactor.stop();
      await (await cleanup.catch(() => undefined))?.close();
      await worker.close();
      await queue.close();
      storage.close();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

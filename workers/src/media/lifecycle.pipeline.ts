import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { ReadModels, createDatabase } from '@myworld/projections';
import { ObjectStorage } from '@myworld/storage';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { MEDIA_LIFECYCLE_QUEUE } from './lifecycle.jobs.ts';
import { enqueueLifecycleJobs } from './lifecycle.reactor.ts';
import { startLifecycleWorker } from './lifecycle.worker.ts';

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const MEDIA_LIFECYCLE_REACTOR = 'media_lifecycle';

/**
 * Files of content gone for good are deleted: the reactor (one active instance across processes)
 * turns PostDeleted, ContentRemoved, StoryExpired and AccountDeleted into jobs (job id = event id);
 * the worker deletes the files and records MediaDeleted. Hidden content is refused by `/objects`
 * through the media read model meanwhile, and served again when restored.
 */
export function startMediaLifecycle(store: EventStore, config: WorkersConfig, logger: Logger): RunningFeature {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const db = createDatabase(config.DATABASE_URL, { max: 1, applicationName: 'myworld-workers-media-lifecycle' });
  const readModels = new ReadModels(db, config.DATABASE_URL);
  const storage = new ObjectStorage(config);
  const queue = new Queue(MEDIA_LIFECYCLE_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startLifecycleWorker({
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    store,
    storage,
    readModels,
    logger,
  });
  const reactor = startLeaderReactor({
    name: MEDIA_LIFECYCLE_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-media-lifecycle',
    handle: enqueueLifecycleJobs(queue),
  });
  return {
    done: reactor.done,
    async stop() {
      await reactor.stop();
      await worker.close();
      await queue.close();
      storage.close();
      await db.destroy();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

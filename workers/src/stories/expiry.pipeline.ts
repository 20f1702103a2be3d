import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { ReadModels, createDatabase } from '@myworld/projections';
import { ObjectStorage } from '@myworld/storage';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { STORY_EXPIRY_QUEUE } from './expiry.jobs.ts';
import { enqueueExpiryJobs } from './expiry.reactor.ts';
import { rebuildExpirySchedule } from './expiry.schedule.ts';
import { startExpiryWorker } from './expiry.worker.ts';

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const STORY_EXPIRY_REACTOR = 'story_expiry';

export interface StoryExpiry extends RunningFeature {
  readonly queue: Queue;
}

/**
 * Story expiry in the background. One active instance across processes (advisory lock) first
 * rebuilds the schedule from the `stories` read model, then follows the log: each StoryCreated
 * adds a job delayed until the story's time (job id = story id). The worker, in every process,
 * appends StoryExpired and deletes the story's media files.
 */
export function startStoryExpiry(store: EventStore, config: WorkersConfig, logger: Logger): StoryExpiry {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const db = createDatabase(config.DATABASE_URL, { max: 2, applicationName: 'myworld-workers-stories' });
  const readModels = new ReadModels(db, config.DATABASE_URL);
  const storage = new ObjectStorage(config);
  const queue = new Queue(STORY_EXPIRY_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startExpiryWorker({ connection: workerRedis, prefix: config.QUEUE_PREFIX, store, storage, logger });

  const reactor = startLeaderReactor({
    name: STORY_EXPIRY_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-stories',
    handle: enqueueExpiryJobs(queue),
    // Without the read model (not built yet) the reactor alone schedules; nothing is lost.
    beforeFollowing: () =>
      rebuildExpirySchedule(queue, readModels).then(
        (rebuilt) => logger.info(rebuilt, 'story expiry schedule rebuilt from the read model'),
        (error: unknown) => logger.warn({ err: error }, 'story expiry schedule not rebuilt from the read model'),
      ),
  });

  return {
    queue,
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

import pg from 'pg';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { ReadModels, createDatabase, withLeaderLock } from '@myworld/projections';
import { ObjectStorage } from '@myworld/storage';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { runReactor } from '../platform/reactor.ts';
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
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2, application_name: 'myworld-workers-stories' });
  pool.on('error', () => undefined);
  const db = createDatabase(config.DATABASE_URL, { max: 2, applicationName: 'myworld-workers-stories' });
  const readModels = new ReadModels(db, config.DATABASE_URL);
  const storage = new ObjectStorage(config);
  const queue = new Queue(STORY_EXPIRY_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startExpiryWorker({ connection: workerRedis, prefix: config.QUEUE_PREFIX, store, storage, logger });

  const controller = new AbortController();
  const reactor = withLeaderLock(config.DATABASE_URL, `reactor:${STORY_EXPIRY_REACTOR}`, controller.signal, async () => {
    // Without the read model (not built yet) the reactor alone schedules; nothing is lost.
    await rebuildExpirySchedule(queue, readModels).then(
      (rebuilt) => logger.info(rebuilt, 'story expiry schedule rebuilt from the read model'),
      (error: unknown) => logger.warn({ err: error }, 'story expiry schedule not rebuilt from the read model'),
    );
    await runReactor({ name: STORY_EXPIRY_REACTOR, store, pool, batchSize: config.REACTOR_BATCH_SIZE, signal: controller.signal, handle: enqueueExpiryJobs(queue) });
  });
  reactor.catch(() => undefined); // observed through `done`

  return {
    queue,
    done: reactor,
    async stop() {
      controller.abort();
      await reactor.catch(() => undefined);
      await worker.close();
      await queue.close();
      storage.close();
      await pool.end();
      await db.destroy();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

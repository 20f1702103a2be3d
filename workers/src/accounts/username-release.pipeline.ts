import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { USERNAME_RELEASE_QUEUE } from './username-release.jobs.ts';
import { enqueueUsernameReleaseJobs } from './username-release.reactor.ts';
import { startUsernameReleaseWorker } from './username-release.worker.ts';

export type UsernameReleaseConfig = Pick<
  WorkersConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'QUEUE_PREFIX' | 'REACTOR_BATCH_SIZE'
>;

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const USERNAME_RELEASE_REACTOR = 'accounts_username_release';

export interface UsernameRelease extends RunningFeature {
  readonly queue: Queue;
}

/**
 * Deleted accounts' usernames, freed 30 days on. One active reactor across processes (advisory
 * lock) follows the log: each AccountDeleted adds a job delayed until its hold is over. The worker,
 * in every process, appends UsernameReleased. A job lost with Redis loses nothing for good: the
 * reservation rule hands a username whose holder's hold is over to the next user who registers it.
 */
export function startUsernameRelease(
  store: EventStore,
  config: UsernameReleaseConfig,
  logger: Logger,
  /** More work on the same events (snapshot retention), under the same checkpoint: each must be idempotent. */
  alsoOnBatch?: (batch: readonly RecordedEvent[]) => Promise<void>,
): UsernameRelease {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const queue = new Queue(USERNAME_RELEASE_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startUsernameReleaseWorker({ connection: workerRedis, prefix: config.QUEUE_PREFIX, store, logger });
  const enqueue = enqueueUsernameReleaseJobs(queue);
  const reactor = startLeaderReactor({
    name: USERNAME_RELEASE_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-username-release',
    handle: async (batch) => {
      await enqueue(batch);
      await alsoOnBatch?.(batch);
    },
  });

  return {
    queue,
    done: reactor.done,
    async stop() {
      await reactor.stop();
      await worker.close();
      await queue.close();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

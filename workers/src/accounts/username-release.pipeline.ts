import pg from 'pg';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { withLeaderLock } from '@myworld/projections';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { queueConnection } from '../platform/queues.ts';
import { runReactor } from '../platform/reactor.ts';
import { USERNAME_RELEASE_QUEUE } from './username-release.jobs.ts';
import { enqueueUsernameReleaseJobs } from './username-release.reactor.ts';
import { startUsernameReleaseWorker } from './username-release.worker.ts';

export type UsernameReleaseConfig = Pick<WorkersConfig, 'DATABASE_URL' | 'REDIS_URL' | 'QUEUE_PREFIX' | 'REACTOR_BATCH_SIZE'>;

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
export function startUsernameRelease(store: EventStore, config: UsernameReleaseConfig, logger: Logger): UsernameRelease {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2, application_name: 'myworld-workers-username-release' });
  pool.on('error', () => undefined);
  const queue = new Queue(USERNAME_RELEASE_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const worker = startUsernameReleaseWorker({ connection: workerRedis, prefix: config.QUEUE_PREFIX, store, logger });

  const controller = new AbortController();
  const done = withLeaderLock(config.DATABASE_URL, `reactor:${USERNAME_RELEASE_REACTOR}`, controller.signal, () =>
    runReactor({ name: USERNAME_RELEASE_REACTOR, store, pool, batchSize: config.REACTOR_BATCH_SIZE, signal: controller.signal, handle: enqueueUsernameReleaseJobs(queue) }),
  );
  done.catch(() => undefined); // observed by the caller

  return {
    queue,
    done,
    async stop() {
      controller.abort();
      await done.catch(() => undefined);
      await worker.close();
      await queue.close();
      await pool.end();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

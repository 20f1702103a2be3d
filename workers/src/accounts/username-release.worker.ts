import { DelayedError, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { releaseDeletedUsername } from '@myworld/write-model/accounts';
import { USERNAME_RELEASE_QUEUE, usernameReleaseJob, type UsernameReleaseJob } from './username-release.jobs.ts';
import { systemMetadata } from '../platform/system-metadata.ts';

export interface UsernameReleaseWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly store: EventStore;
  readonly logger: Logger;
}

/**
 * Frees each deleted account's username when its hold is over (releaseDeletedUsername). A job that
 * runs early (a clock moved, a schedule rebuilt) waits until the hold is over; running it again
 * releases nothing twice.
 */
export function startUsernameReleaseWorker(options: UsernameReleaseWorkerOptions): Worker {
  const { store, logger } = options;
  const worker = new Worker(
    USERNAME_RELEASE_QUEUE,
    async (job, token) => {
      const data = usernameReleaseJob.parse(job.data);
      const result = await releaseDeletedUsername(store, data.userId, new Date(), { metadata: systemMetadata(data) });
      if (result.outcome === 'not_due') {
        await job.moveToDelayed(result.dueAt.getTime(), token);
        throw new DelayedError();
      }
      logger.info({ userId: data.userId, outcome: result.outcome }, 'username of a deleted account');
      return result;
    },
    { connection: options.connection, prefix: options.prefix },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'username release failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'username release worker error'));
  return worker;
}

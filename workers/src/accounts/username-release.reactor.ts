import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { readEvent } from '@myworld/schemas';
import { usernameReleaseJobFor } from './username-release.jobs.ts';

/** One delayed release job per AccountDeleted; every other event is skipped unread. */
export function usernameReleaseJobsFor(batch: readonly RecordedEvent[], now = Date.now()) {
  const jobs: Array<ReturnType<typeof usernameReleaseJobFor>> = [];
  for (const recorded of batch) {
    if (recorded.type !== 'AccountDeleted') continue;
    const event = readEvent(recorded);
    if (event?.type !== 'AccountDeleted') continue;
    const { userId, deletedAt } = event.data;
    jobs.push(
      usernameReleaseJobFor(
        { userId, deletedAt, causationId: recorded.id, correlationId: recorded.metadata.correlationId },
        now,
      ),
    );
  }
  return jobs;
}

/** The reactor's batch handler: the job id derives from the user id, so a batch handled again adds nothing. */
export function enqueueUsernameReleaseJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = usernameReleaseJobsFor(batch);
    if (jobs.length > 0) await queue.addBulk(jobs);
  };
}

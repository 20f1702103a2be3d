import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { readEvent } from '@myworld/schemas';
import { storyExpiryJobFor } from './expiry.jobs.ts';

/** One delayed expiry job per StoryCreated; every other event is skipped unread. */
export function expiryJobsFor(batch: readonly RecordedEvent[], now = Date.now()) {
  const jobs: Array<ReturnType<typeof storyExpiryJobFor>> = [];
  for (const recorded of batch) {
    if (recorded.type !== 'StoryCreated') continue;
    const event = readEvent(recorded);
    if (event?.type !== 'StoryCreated') continue;
    const { storyId, expiresAt } = event.data;
    jobs.push(
      storyExpiryJobFor(
        { storyId, expiresAt, causationId: recorded.id, correlationId: recorded.metadata.correlationId },
        now,
      ),
    );
  }
  return jobs;
}

/** The reactor's batch handler: job id = story id, so a batch handled again (a crash before its checkpoint) adds nothing. */
export function enqueueExpiryJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = expiryJobsFor(batch);
    if (jobs.length > 0) await queue.addBulk(jobs);
  };
}

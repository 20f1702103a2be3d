import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { readEvent } from '@myworld/schemas';
import { mediaProcessingJobOptions, type MediaProcessingJob } from './processing.jobs.ts';

/** One processing job per MediaUploaded; every other event is skipped unread. */
export function processingJobsFor(batch: readonly RecordedEvent[]): MediaProcessingJob[] {
  const jobs: MediaProcessingJob[] = [];
  for (const recorded of batch) {
    if (recorded.type !== 'MediaUploaded') continue;
    const event = readEvent(recorded);
    if (event?.type !== 'MediaUploaded') continue;
    const { mediaId, key, kind } = event.data;
    jobs.push({ eventId: recorded.id, mediaId, key, kind, correlationId: recorded.metadata.correlationId });
  }
  return jobs;
}

/** The reactor's batch handler: enqueue with job id = event id, so a repeat adds nothing. */
export function enqueueProcessingJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = processingJobsFor(batch);
    if (jobs.length === 0) return;
    await queue.addBulk(
      jobs.map((data) => ({ name: data.kind, data, opts: { ...mediaProcessingJobOptions, jobId: data.eventId } })),
    );
  };
}

import { z } from 'zod';
import type { JobsOptions } from 'bullmq';

/** The media processing queue: one job per uploaded media object, its id the MediaUploaded event's id. */
export const MEDIA_PROCESSING_QUEUE = 'media-processing';

export const mediaProcessingJob = z.object({
  /** The MediaUploaded event: also the job id, and the cause of the outcome event. */
  eventId: z.uuid(),
  mediaId: z.string(),
  key: z.string(),
  kind: z.enum(['image', 'video']),
  correlationId: z.string(),
});
export type MediaProcessingJob = z.infer<typeof mediaProcessingJob>;

const SEVEN_DAYS_SECONDS = 7 * 24 * 3600;

export const mediaProcessingJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 5_000 },
  // Completed ids are kept a week so a replayed or redelivered event finds its job and adds nothing.
  removeOnComplete: { age: SEVEN_DAYS_SECONDS },
  removeOnFail: { age: 4 * SEVEN_DAYS_SECONDS },
};

/** The hourly clean-up of uploads nothing attached (and unfinished multipart uploads). */
export const ABANDONED_UPLOADS_QUEUE = 'media-abandoned-uploads';

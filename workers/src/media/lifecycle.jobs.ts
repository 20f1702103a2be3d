import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { mediaDeletionReason } from '@myworld/schemas';

/** The media lifecycle queue: one job per event that ends content for good, its id that event's id. */
export const MEDIA_LIFECYCLE_QUEUE = 'media-lifecycle';

export const mediaLifecycleJob = z.object({
  /** The triggering event (PostDeleted, ContentRemoved, StoryExpired, AccountDeleted): the job id and the cause of MediaDeleted. */
  eventId: z.uuid(),
  /** Its position in the log (formatted): an account's media is listed once the media read model has passed it. */
  position: z.string(),
  correlationId: z.string(),
  /** Whose files go: a post's (text or video), a story's, or every file of an account. */
  subject: z.enum(['post', 'story', 'account']),
  subjectId: z.string(),
  reason: mediaDeletionReason,
});
export type MediaLifecycleJob = z.infer<typeof mediaLifecycleJob>;

const DAY_SECONDS = 24 * 3600;

export const mediaLifecycleJobOptions: JobsOptions = {
  // The store away, or the read model behind: retried for hours (5 s, 10 s, ...).
  attempts: 12,
  backoff: { type: 'exponential', delay: 5_000 },
  // Completed ids are kept a week so a replayed event finds its job and adds nothing.
  removeOnComplete: { age: 7 * DAY_SECONDS },
  removeOnFail: { age: 28 * DAY_SECONDS },
};

export function mediaLifecycleJobFor(data: MediaLifecycleJob) {
  return { name: `delete-${data.subject}-media`, data, opts: { ...mediaLifecycleJobOptions, jobId: data.eventId } };
}

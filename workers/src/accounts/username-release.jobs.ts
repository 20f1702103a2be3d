import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { USERNAME_HOLD_AFTER_DELETION_MS } from '@myworld/schemas';

/** The username release queue: one delayed job per deleted account, its id derived from the user id. */
export const USERNAME_RELEASE_QUEUE = 'accounts-username-release';

export const usernameReleaseJob = z.object({
  userId: z.uuid(),
  /** AccountDeleted's time: the job is delayed until USERNAME_HOLD_AFTER_DELETION_MS after it. */
  deletedAt: z.iso.datetime({ offset: true }),
  /** The AccountDeleted event (cause of UsernameReleased). */
  causationId: z.string(),
  correlationId: z.string(),
});
export type UsernameReleaseJob = z.infer<typeof usernameReleaseJob>;

const DAY_SECONDS = 24 * 3600;

export const usernameReleaseJobOptions: JobsOptions = {
  // The store away: retried for hours (10 s, 20 s, ...).
  attempts: 12,
  backoff: { type: 'exponential', delay: 10_000 },
  // Completed ids are kept a week so a batch handled again finds the job and adds nothing.
  removeOnComplete: { age: 7 * DAY_SECONDS },
  removeOnFail: { age: 28 * DAY_SECONDS },
};

/** The job that frees a deleted account's username when its hold is over; adding it again adds nothing. */
export function usernameReleaseJobFor(data: UsernameReleaseJob, now = Date.now()) {
  const dueAt = Date.parse(data.deletedAt) + USERNAME_HOLD_AFTER_DELETION_MS;
  return {
    name: 'release-username',
    data,
    opts: { ...usernameReleaseJobOptions, jobId: `release-${data.userId}`, delay: Math.max(0, dueAt - now) },
  };
}

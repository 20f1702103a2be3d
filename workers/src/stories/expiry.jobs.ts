import { z } from 'zod';
import type { JobsOptions } from 'bullmq';

/** The story expiry queue: one delayed job per story, its id the story's id. */
export const STORY_EXPIRY_QUEUE = 'story-expiry';

export const storyExpiryJob = z.object({
  storyId: z.string(),
  /** When the story's time is up (StoryCreated's expiresAt): the job is delayed until then. */
  expiresAt: z.string(),
  /** The cause of StoryExpired: the StoryCreated event (null when the schedule was rebuilt from the read model; the worker then reads it). */
  causationId: z.string().nullable(),
  correlationId: z.string(),
});
export type StoryExpiryJob = z.infer<typeof storyExpiryJob>;

const DAY_SECONDS = 24 * 3600;

export const storyExpiryJobOptions: JobsOptions = {
  // A failed clean-up (the store away, media still processing) is retried for hours: 10 s, 20 s, ...
  attempts: 12,
  backoff: { type: 'exponential', delay: 10_000 },
  // Completed ids are kept a week so a replayed event or a rebuilt schedule finds the job and adds nothing.
  removeOnComplete: { age: 7 * DAY_SECONDS },
  removeOnFail: { age: 28 * DAY_SECONDS },
};

/** The job that expires one story at its time (at once when that has passed); job id = story id, so adding it again adds nothing. */
export function storyExpiryJobFor(data: StoryExpiryJob, now = Date.now()) {
  return {
    name: 'expire-story',
    data,
    opts: { ...storyExpiryJobOptions, jobId: data.storyId, delay: Math.max(0, Date.parse(data.expiresAt) - now) },
  };
}

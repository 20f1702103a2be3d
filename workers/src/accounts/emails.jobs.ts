import { z } from 'zod';
import type { JobsOptions } from 'bullmq';

/** The accounts feature's email queue: one job per emailed token, its id the event's id. */
export const ACCOUNTS_EMAIL_QUEUE = 'accounts-emails';

export const accountsEmailJob = z.object({
  kind: z.enum(['verify-email', 'reset-password']),
  /** The event that asked for the email; also the job id and the Message-ID. */
  eventId: z.uuid(),
  userId: z.uuid(),
  to: z.string().min(3),
  /** The worker re-derives the token from this id and TOKEN_SECRET; the job never holds the token. */
  tokenId: z.uuid(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type AccountsEmailJob = z.infer<typeof accountsEmailJob>;

const SEVEN_DAYS_SECONDS = 7 * 24 * 3600;

export const accountsEmailJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  // Completed ids are kept a week so a replayed or redelivered event finds its job and adds nothing.
  removeOnComplete: { age: SEVEN_DAYS_SECONDS },
  removeOnFail: { age: 4 * SEVEN_DAYS_SECONDS },
};

import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { PERSONAL_DATA_JOB_RETENTION } from '../platform/personal-data-jobs.ts';

/** The accounts feature's email queue: one job per email-worthy event, its id the event's id. */
export const ACCOUNTS_EMAIL_QUEUE = 'accounts-emails';

const commonFields = {
  /** The event that asked for the email; also the job id and the Message-ID. */
  eventId: z.uuid(),
  userId: z.uuid(),
  to: z.string().min(3),
  /** Past this the email is not sent (its link no longer works, or the notice is old news), so replaying old history mails nobody. */
  expiresAt: z.iso.datetime({ offset: true }),
};

/** Emails carrying a link with a token: verify the address, reset the password, confirm a new address. */
export const LINK_EMAIL_KINDS = ['verify-email', 'reset-password', 'confirm-email-change'] as const;
export type LinkEmailKind = (typeof LINK_EMAIL_KINDS)[number];

export const accountsEmailJob = z.discriminatedUnion('kind', [
  z.object({
    kind: z.enum(LINK_EMAIL_KINDS),
    ...commonFields,
    /** The worker re-derives the token from this id and TOKEN_SECRET; the job never holds the token. */
    tokenId: z.uuid(),
  }),
  /** Tells the old address that the account moved to `newEmail`, in case it was not its owner's doing. */
  z.object({ kind: z.literal('email-changed'), ...commonFields, newEmail: z.string() }),
  /** Tells the owner that failed sign-ins locked the account for new devices until `lockedUntil` (also its expiresAt). */
  z.object({
    kind: z.literal('sign-in-locked'),
    ...commonFields,
    failedAttempts: z.number().int(),
    lockedUntil: z.iso.datetime({ offset: true }),
  }),
]);
export type AccountsEmailJob = z.infer<typeof accountsEmailJob>;

/** How long after an email change its notice is still worth sending. */
export const EMAIL_CHANGED_NOTICE_TTL_MS = 24 * 3600 * 1000;

export const accountsEmailJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 2_000 },
  // Jobs hold addresses: gone once sent (a failed one after a day). A replayed or redelivered
  // event is not mailed twice: the worker skips a job id it marked sent (SentMarks).
  ...PERSONAL_DATA_JOB_RETENTION,
};

import type { Queue } from 'bullmq';
import { redactedValue, type RecordedEvent } from '@myworld/eventstore';
import { readEvent, type DomainEvent, type EventType } from '@myworld/schemas';
import { EMAIL_CHANGED_NOTICE_TTL_MS, accountsEmailJobOptions, type AccountsEmailJob } from './emails.jobs.ts';

/** The event types that ask for an email; every other event is skipped unread. */
const MAILED_TYPES: ReadonlySet<string> = new Set<EventType>([
  'EmailVerificationRequested',
  'PasswordResetRequested',
  'EmailChangeRequested',
  'EmailChanged',
  'SignInLockedForNewDevices',
]);

function jobFor(event: DomainEvent, eventId: string): AccountsEmailJob | null {
  switch (event.type) {
    case 'EmailVerificationRequested': {
      const d = event.data;
      return {
        kind: 'verify-email',
        eventId,
        userId: d.userId,
        to: d.email,
        tokenId: d.tokenId,
        expiresAt: d.expiresAt,
      };
    }
    case 'PasswordResetRequested': {
      const d = event.data;
      return {
        kind: 'reset-password',
        eventId,
        userId: d.userId,
        to: d.email,
        tokenId: d.tokenId,
        expiresAt: d.expiresAt,
      };
    }
    case 'EmailChangeRequested': {
      const d = event.data;
      return {
        kind: 'confirm-email-change',
        eventId,
        userId: d.userId,
        to: d.newEmail,
        tokenId: d.tokenId,
        expiresAt: d.expiresAt,
      };
    }
    case 'EmailChanged': {
      const d = event.data;
      const expiresAt = new Date(Date.parse(d.changedAt) + EMAIL_CHANGED_NOTICE_TTL_MS).toISOString();
      return { kind: 'email-changed', eventId, userId: d.userId, to: d.previousEmail, newEmail: d.email, expiresAt };
    }
    case 'SignInLockedForNewDevices': {
      const d = event.data;
      // Worth sending while the lock lasts.
      return {
        kind: 'sign-in-locked',
        eventId,
        userId: d.userId,
        to: d.email,
        failedAttempts: d.failedAttempts,
        lockedUntil: d.lockedUntil,
        expiresAt: d.lockedUntil,
      };
    }
    default:
      return null;
  }
}

/**
 * Turns accounts events into email jobs: a verification link for EmailVerificationRequested, a
 * reset link for PasswordResetRequested, a confirmation link to the new address for
 * EmailChangeRequested, a notice to the old address for EmailChanged, and a notice to the owner
 * for SignInLockedForNewDevices. Tokens that have
 * already expired (and notices older than a day) get no email (this
 * also keeps a replay of old history from mailing anyone), and neither does a deleted account
 * (its address reads as its redaction).
 */
export function emailJobsFor(batch: readonly RecordedEvent[], now: Date): AccountsEmailJob[] {
  const jobs: AccountsEmailJob[] = [];
  for (const recorded of batch) {
    if (!MAILED_TYPES.has(recorded.type)) continue;
    const event = readEvent(recorded);
    const job = event && jobFor(event, recorded.id);
    if (job && Date.parse(job.expiresAt) > now.getTime() && job.to !== redactedValue('email', job.userId))
      jobs.push(job);
  }
  return jobs;
}

/** The reactor's batch handler: enqueue with job id = event id, so a repeat adds nothing. */
export function enqueueEmailJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = emailJobsFor(batch, new Date());
    if (jobs.length === 0) return;
    await queue.addBulk(
      jobs.map((data) => ({ name: data.kind, data, opts: { ...accountsEmailJobOptions, jobId: data.eventId } })),
    );
  };
}

import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { parseAccountsEvent } from '@myworld/schemas';
import { accountsEmailJobOptions, type AccountsEmailJob } from './email-jobs.ts';

/**
 * Turns accounts events into email jobs: a verification link for EmailVerificationRequested, a
 * reset link for PasswordResetRequested. Tokens that have already expired get no email (this
 * also keeps a replay of old history from mailing anyone).
 */
export function emailJobsFor(batch: readonly RecordedEvent[], now: Date): AccountsEmailJob[] {
  const jobs: AccountsEmailJob[] = [];
  for (const event of batch) {
    let job: AccountsEmailJob | undefined;
    if (event.type === 'EmailVerificationRequested') {
      const d = parseAccountsEvent('EmailVerificationRequested', event.data);
      job = { kind: 'verify-email', eventId: event.id, userId: d.userId, to: d.email, tokenId: d.tokenId, expiresAt: d.expiresAt };
    } else if (event.type === 'PasswordResetRequested') {
      const d = parseAccountsEvent('PasswordResetRequested', event.data);
      job = { kind: 'reset-password', eventId: event.id, userId: d.userId, to: d.email, tokenId: d.tokenId, expiresAt: d.expiresAt };
    }
    if (job && Date.parse(job.expiresAt) > now.getTime()) jobs.push(job);
  }
  return jobs;
}

/** The reactor's batch handler: enqueue with job id = event id, so a repeat adds nothing. */
export function enqueueEmailJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = emailJobsFor(batch, new Date());
    if (jobs.length === 0) return;
    await queue.addBulk(jobs.map((data) => ({ name: data.kind, data, opts: { ...accountsEmailJobOptions, jobId: data.eventId } })));
  };
}

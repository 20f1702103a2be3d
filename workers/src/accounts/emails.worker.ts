import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { emailToken } from '@myworld/schemas/server';
import { ACCOUNTS_EMAIL_QUEUE, accountsEmailJob } from './emails.jobs.ts';
import {
  linkFor,
  renderAccountsEmail,
  renderEmailChangedNotice,
  renderSignInLockedNotice,
} from './emails.templates.ts';
import type { MailTransport } from '../platform/mail-transport.ts';
import { SentMarks } from '../platform/personal-data-jobs.ts';

export interface EmailWorkerOptions {
  readonly connection: Redis;
  readonly prefix: string;
  readonly concurrency: number;
  readonly transport: MailTransport;
  readonly tokenSecret: string;
  readonly publicUrl: string;
  readonly from: string;
  readonly logger: Logger;
}

/** Renders and sends each accounts email job; a failed send is retried with back-off by BullMQ. */
export function startEmailWorker(options: EmailWorkerOptions): Worker {
  const { transport, logger } = options;
  const sent = new SentMarks(options.connection, `${options.prefix}:sent:${ACCOUNTS_EMAIL_QUEUE}`);
  const worker = new Worker(
    ACCOUNTS_EMAIL_QUEUE,
    async (job) => {
      const data = accountsEmailJob.parse(job.data);
      if (Date.parse(data.expiresAt) <= Date.now()) {
        logger.info({ jobId: job.id, kind: data.kind }, 'email skipped: it is past its time');
        return { sent: false };
      }
      if (await sent.has(data.eventId)) {
        logger.info({ jobId: job.id, kind: data.kind }, 'email skipped: already sent');
        return { sent: false };
      }
      const email =
        data.kind === 'email-changed'
          ? renderEmailChangedNotice(data.newEmail, options.publicUrl)
          : data.kind === 'sign-in-locked'
            ? renderSignInLockedNotice(data.failedAttempts, data.lockedUntil, options.publicUrl)
            : renderAccountsEmail(
                data.kind,
                linkFor(data.kind, options.publicUrl, emailToken(options.tokenSecret, data.userId, data.tokenId)),
              );
      await transport.send({ id: data.eventId, from: options.from, to: data.to, ...email });
      await sent.mark(data.eventId);
      logger.info({ jobId: job.id, kind: data.kind, via: transport.description }, 'email sent');
      return { sent: true };
    },
    { connection: options.connection, prefix: options.prefix, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'email failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'email worker error'));
  return worker;
}

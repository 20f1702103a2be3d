import { Worker, type ConnectionOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { MailTransport } from '../platform/mail-transport.ts';
import { SentMarks } from '../platform/personal-data-jobs.ts';
import { publishToUser } from '../platform/user-notices.ts';
import { VIEWER_REMINDER_QUEUE, viewerReminderJob, viewerReminderJobId } from './reminders.jobs.ts';
import { renderStreamReminderEmail, streamLink } from './reminders.templates.ts';

export interface ViewerReminderWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly concurrency: number;
  /** Publishes the socket notices (the API instances listen). */
  readonly publisher: Redis;
  readonly transport: MailTransport;
  readonly publicUrl: string;
  readonly from: string;
  readonly logger: Logger;
}

/**
 * Reminds one viewer: a `stream_reminder` to their open sockets, then the email. The notice is
 * marked sent in the job's data, so a retry (SMTP away) only retries the email. The job is removed
 * once done (it holds an address); a sent mark by job id keeps a later job of the same id quiet.
 */
export function startViewerReminderWorker(options: ViewerReminderWorkerOptions): Worker {
  const { publisher, transport, logger } = options;
  const sent = new SentMarks(publisher, `${options.prefix}:sent:${VIEWER_REMINDER_QUEUE}`);
  const worker = new Worker(
    VIEWER_REMINDER_QUEUE,
    async (job) => {
      const data = viewerReminderJob.parse(job.data);
      if (await sent.has(viewerReminderJobId(data))) {
        logger.info({ jobId: job.id }, 'stream reminder skipped: already sent');
        return { sent: false };
      }
      const { streamId, userId, title, streamerUsername, scheduledFor, isActive } = data;
      if (!data.noticeSent) {
        await publishToUser(publisher, userId, {
          type: 'stream_reminder',
          streamId,
          title,
          streamerUsername,
          scheduledFor,
          isActive,
        });
        await job.updateData({ ...data, noticeSent: true });
      }
      const email = renderStreamReminderEmail(data, streamLink(options.publicUrl, streamId));
      await transport.send({ id: viewerReminderJobId(data), from: options.from, to: data.to, ...email });
      await sent.mark(viewerReminderJobId(data));
      logger.info({ jobId: job.id, streamId, via: transport.description }, 'stream reminder sent');
      return { sent: true };
    },
    { connection: options.connection, prefix: options.prefix, concurrency: options.concurrency },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'viewer reminder failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'viewer reminder worker error'));
  return worker;
}

import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { outboxTransport, smtpTransport } from '../platform/mail-transport.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { ACCOUNTS_EMAIL_QUEUE } from './emails.jobs.ts';
import { enqueueEmailJobs } from './emails.reactor.ts';
import { startEmailWorker } from './emails.worker.ts';

export type AccountsEmailsConfig = Pick<
  WorkersConfig,
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'TOKEN_SECRET'
  | 'PUBLIC_URL'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'OUTBOX_DIR'
  | 'QUEUE_PREFIX'
  | 'EMAIL_CONCURRENCY'
  | 'REACTOR_BATCH_SIZE'
>;

export interface AccountsEmails extends RunningFeature {
  readonly queue: Queue;
}

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const ACCOUNTS_EMAIL_REACTOR = 'accounts_emails';

/**
 * The accounts email flow: the reactor (log -> jobs; one active instance across processes, by
 * advisory lock) and the worker (jobs -> SMTP, or the development outbox when SMTP_URL is unset).
 */
export function startAccountsEmails(store: EventStore, config: AccountsEmailsConfig, logger: Logger): AccountsEmails {
  const queueRedis = queueConnection(config.REDIS_URL);
  const workerRedis = queueConnection(config.REDIS_URL);
  const queue = new Queue(ACCOUNTS_EMAIL_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(config.OUTBOX_DIR);
  logger.info({ via: transport.description }, 'accounts emails go via');
  const worker = startEmailWorker({
    connection: workerRedis,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.EMAIL_CONCURRENCY,
    transport,
    tokenSecret: config.TOKEN_SECRET,
    publicUrl: config.PUBLIC_URL,
    from: config.MAIL_FROM,
    logger,
  });

  const reactor = startLeaderReactor({
    name: ACCOUNTS_EMAIL_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers',
    handle: enqueueEmailJobs(queue),
  });

  return {
    queue,
    done: reactor.done,
    async stop() {
      await reactor.stop();
      await worker.close();
      await queue.close();
      transport.close();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

import pg from 'pg';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { withLeaderLock } from '@myworld/projections';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { outboxTransport, smtpTransport } from '../platform/mail-transport.ts';
import { queueConnection } from '../platform/queues.ts';
import { runReactor } from '../platform/reactor.ts';
import { ACCOUNTS_EMAIL_QUEUE } from './emails.jobs.ts';
import { enqueueEmailJobs } from './emails.reactor.ts';
import { startEmailWorker } from './emails.worker.ts';

export type AccountsEmailsConfig = Pick<
  WorkersConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'TOKEN_SECRET' | 'PUBLIC_URL' | 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR' | 'QUEUE_PREFIX' | 'EMAIL_CONCURRENCY' | 'REACTOR_BATCH_SIZE'
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
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 2, application_name: 'myworld-workers' });
  pool.on('error', () => undefined);
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

  const controller = new AbortController();
  const done = withLeaderLock(config.DATABASE_URL, `reactor:${ACCOUNTS_EMAIL_REACTOR}`, controller.signal, () =>
    runReactor({ name: ACCOUNTS_EMAIL_REACTOR, store, pool, batchSize: config.REACTOR_BATCH_SIZE, signal: controller.signal, handle: enqueueEmailJobs(queue) }),
  );
  done.catch(() => undefined); // observed by the caller

  return {
    queue,
    done,
    async stop() {
      controller.abort();
      await done.catch(() => undefined);
      await worker.close();
      await queue.close();
      transport.close();
      await pool.end();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

import pg from 'pg';
import { Redis } from 'ioredis';
import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { withLeaderLock } from '@myworld/projections/leader-lock';
import { runReactor } from '../reactor.ts';
import { ACCOUNTS_EMAIL_QUEUE } from './email-jobs.ts';
import { enqueueEmailJobs } from './email-reactor.ts';
import { startEmailWorker } from './email-worker.ts';
import { outboxTransport, smtpTransport } from './mail-transport.ts';
import type { WorkersConfig } from '../config.ts';

export type AccountsEmailsConfig = Pick<
  WorkersConfig,
  'DATABASE_URL' | 'REDIS_URL' | 'TOKEN_SECRET' | 'PUBLIC_URL' | 'SMTP_URL' | 'MAIL_FROM' | 'OUTBOX_DIR' | 'QUEUE_PREFIX' | 'EMAIL_CONCURRENCY' | 'REACTOR_BATCH_SIZE'
>;

export interface AccountsEmails {
  readonly queue: Queue;
  /** Rejects if the reactor fails (the process should exit and be restarted). */
  readonly reactorDone: Promise<void>;
  stop(): Promise<void>;
}

export const ACCOUNTS_EMAIL_REACTOR = 'accounts_emails';

/**
 * The accounts email flow: reactor (log -> jobs, one active instance by advisory lock) and the
 * worker (jobs -> SMTP, or the development outbox when SMTP_URL is unset).
 */
export function startAccountsEmails(store: EventStore, config: AccountsEmailsConfig, logger: Logger): AccountsEmails {
  const redisOptions = { maxRetriesPerRequest: null }; // BullMQ requires it
  const queueRedis = new Redis(config.REDIS_URL, redisOptions);
  const workerRedis = new Redis(config.REDIS_URL, redisOptions);
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
  const reactorDone = withLeaderLock(config.DATABASE_URL, `reactor:${ACCOUNTS_EMAIL_REACTOR}`, controller.signal, () =>
    runReactor({ name: ACCOUNTS_EMAIL_REACTOR, store, pool, batchSize: config.REACTOR_BATCH_SIZE, signal: controller.signal, handle: enqueueEmailJobs(queue) }),
  );
  reactorDone.catch(() => undefined); // observed by the caller

  return {
    queue,
    reactorDone,
    async stop() {
      controller.abort();
      await reactorDone.catch(() => undefined);
      await worker.close();
      await queue.close();
      transport.close();
      await pool.end();
      queueRedis.disconnect();
      workerRedis.disconnect();
    },
  };
}

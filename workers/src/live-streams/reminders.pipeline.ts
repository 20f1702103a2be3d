import { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import { ReadModels, createDatabase } from '@myworld/projections';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { outboxTransport, smtpTransport } from '../platform/mail-transport.ts';
import { queueConnection } from '../platform/queues.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { STREAM_REMINDER_QUEUE, VIEWER_REMINDER_QUEUE } from './reminders.jobs.ts';
import { enqueueReminderJobs } from './reminders.reactor.ts';
import { rebuildReminderSchedule } from './reminders.schedule.ts';
import { startReminderWorker } from './reminders.worker.ts';
import { startViewerReminderWorker } from './viewer-reminders.worker.ts';

export type StreamRemindersConfig = Pick<
  WorkersConfig,
  | 'DATABASE_URL'
  | 'REDIS_URL'
  | 'PUBLIC_URL'
  | 'SMTP_URL'
  | 'MAIL_FROM'
  | 'OUTBOX_DIR'
  | 'QUEUE_PREFIX'
  | 'EMAIL_CONCURRENCY'
  | 'REACTOR_BATCH_SIZE'
>;

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const STREAM_REMINDER_REACTOR = 'live_stream_reminders';

export interface StreamReminders extends RunningFeature {
  readonly streamQueue: Queue;
  readonly viewerQueue: Queue;
}

/**
 * Scheduled-stream reminders in the background. One active instance across processes (advisory
 * lock) rebuilds the schedule from the `live_streams` read model, then follows the log: a
 * LiveStreamScheduled adds a job delayed until its time, a LiveStreamWentLive one at once. The
 * workers, in every process, turn a due stream into one job per reminded viewer, and each of those
 * into a socket notice and an email (SMTP, or the development outbox when SMTP_URL is unset).
 */
export function startStreamReminders(
  store: EventStore,
  config: StreamRemindersConfig,
  logger: Logger,
): StreamReminders {
  const queueRedis = queueConnection(config.REDIS_URL);
  const streamWorkerRedis = queueConnection(config.REDIS_URL);
  const viewerWorkerRedis = queueConnection(config.REDIS_URL);
  const db = createDatabase(config.DATABASE_URL, { max: 2, applicationName: 'myworld-workers-live-streams' });
  const readModels = new ReadModels(db, config.DATABASE_URL);
  const streamQueue = new Queue(STREAM_REMINDER_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const viewerQueue = new Queue(VIEWER_REMINDER_QUEUE, { connection: queueRedis, prefix: config.QUEUE_PREFIX });
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL) : outboxTransport(config.OUTBOX_DIR);
  const streamWorker = startReminderWorker({
    connection: streamWorkerRedis,
    prefix: config.QUEUE_PREFIX,
    store,
    readModels,
    viewerQueue,
    logger,
  });
  const viewerWorker = startViewerReminderWorker({
    connection: viewerWorkerRedis,
    prefix: config.QUEUE_PREFIX,
    concurrency: config.EMAIL_CONCURRENCY,
    publisher: queueRedis,
    transport,
    publicUrl: config.PUBLIC_URL,
    from: config.MAIL_FROM,
    logger,
  });

  const reactor = startLeaderReactor({
    name: STREAM_REMINDER_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-live-streams',
    handle: enqueueReminderJobs(streamQueue),
    // Without the read model (not built yet) the reactor alone schedules; nothing is lost.
    beforeFollowing: () =>
      rebuildReminderSchedule({ streams: streamQueue, viewers: viewerQueue }, readModels).then(
        (rebuilt) => logger.info(rebuilt, 'stream reminder schedule rebuilt from the read model'),
        (error: unknown) => logger.warn({ err: error }, 'stream reminder schedule not rebuilt from the read model'),
      ),
  });

  return {
    streamQueue,
    viewerQueue,
    done: reactor.done,
    async stop() {
      await reactor.stop();
      await streamWorker.close();
      await viewerWorker.close();
      await streamQueue.close();
      await viewerQueue.close();
      transport.close();
      await db.destroy();
      queueRedis.disconnect();
      streamWorkerRedis.disconnect();
      viewerWorkerRedis.disconnect();
    },
  };
}

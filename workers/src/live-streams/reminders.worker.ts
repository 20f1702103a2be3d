import { DelayedError, Worker, type ConnectionOptions, type Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { EventStore } from '@myworld/eventstore';
import type { ReadModels } from '@myworld/projections';
import { liveStreamStreamName } from '@myworld/schemas';
import { STREAM_REMINDER_QUEUE, streamReminderJob, viewerReminderJobFor } from './reminders.jobs.ts';
import { recipientsById } from './reminder-recipients.ts';
import { foldReminderState, reminderDecision } from './reminders.state.ts';

export interface ReminderWorkerOptions {
  readonly connection: ConnectionOptions;
  readonly prefix: string;
  readonly store: EventStore;
  readonly readModels: ReadModels;
  /** Where each reminded viewer's job goes. */
  readonly viewerQueue: Queue;
  readonly logger: Logger;
}

/** Each due job only reads and enqueues: several streams may start at the same minute. */
const CONCURRENCY = 5;

/**
 * When a stream is due: reads the stream's own events (no read-model lag on who asked to be
 * reminded or whether it was cancelled), looks up the viewers' addresses and the streamer's name in
 * the `users` read model, and adds one viewer job per reminded viewer. A job that runs early waits
 * until the reminder's moment. Viewers the users read model does not hold yet fail the job after
 * the others are enqueued, so a retry adds just them.
 */
export function startReminderWorker(options: ReminderWorkerOptions): Worker {
  const { store, readModels, viewerQueue, logger } = options;
  const worker = new Worker(
    STREAM_REMINDER_QUEUE,
    async (job, token) => {
      const { streamId } = streamReminderJob.parse(job.data);
      const decision = reminderDecision(
        foldReminderState(await store.readStream(liveStreamStreamName(streamId))),
        Date.now(),
      );
      if (decision.kind === 'wait') {
        await job.moveToDelayed(decision.until, token);
        throw new DelayedError();
      }
      if (decision.kind === 'skip') {
        logger.info({ streamId, jobId: job.id, reason: decision.reason }, 'stream reminder skipped');
        return { reminded: 0 };
      }
      const { state, isActive } = decision;
      const people = await recipientsById(readModels, [state.ownerId, ...state.remindedUserIds]);
      const streamerUsername = people.get(state.ownerId)?.username ?? null;
      const known = state.remindedUserIds.filter((id) => people.has(id));
      await viewerQueue.addBulk(
        known.map((userId) =>
          viewerReminderJobFor({
            streamId,
            userId,
            to: people.get(userId)!.email,
            title: state.title,
            streamerUsername,
            scheduledFor: state.scheduledFor,
            isActive,
            noticeSent: false,
          }),
        ),
      );
      const unknown = state.remindedUserIds.filter((id) => !people.has(id));
      if (unknown.length > 0)
        throw new Error(
          `stream ${streamId}: ${unknown.length} reminded viewer(s) not in the users read model yet; retried`,
        );
      logger.info({ streamId, jobId: job.id, viewers: known.length, isActive }, 'stream reminders enqueued');
      return { reminded: known.length };
    },
    { connection: options.connection, prefix: options.prefix, concurrency: CONCURRENCY },
  );
  worker.on('failed', (job, error) =>
    logger.warn({ jobId: job?.id, attempts: job?.attemptsMade, err: error }, 'stream reminder failed; will retry'),
  );
  worker.on('error', (error) => logger.error({ err: error }, 'stream reminder worker error'));
  return worker;
}

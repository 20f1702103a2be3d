import type { Queue } from 'bullmq';
import type { RecordedEvent } from '@myworld/eventstore';
import { readEvent } from '@myworld/schemas';
import { scheduledReminderJobFor, wentLiveReminderJobFor } from './reminders.jobs.ts';
import { REMINDER_STALE_AFTER_MS } from './reminders.state.ts';

type ReminderJob = ReturnType<typeof scheduledReminderJobFor> | ReturnType<typeof wentLiveReminderJobFor>;

/**
 * LiveStreamScheduled -> a job delayed until the scheduled time; LiveStreamWentLive -> a job at
 * once (an early start reminds then). Each job reads the stream when it runs, so a cancelled
 * stream or a cancelled reminder is seen there. Times long past (old history read again) add
 * nothing; every other event is skipped unread.
 */
export function reminderJobsFor(batch: readonly RecordedEvent[], now = Date.now()): ReminderJob[] {
  const jobs: ReminderJob[] = [];
  for (const recorded of batch) {
    if (recorded.type !== 'LiveStreamScheduled' && recorded.type !== 'LiveStreamWentLive') continue;
    const event = readEvent(recorded);
    const cause = { causationId: recorded.id, correlationId: recorded.metadata.correlationId };
    if (event?.type === 'LiveStreamScheduled') {
      const { streamId, scheduledFor } = event.data;
      if (now - Date.parse(scheduledFor) <= REMINDER_STALE_AFTER_MS)
        jobs.push(scheduledReminderJobFor({ streamId, ...cause }, scheduledFor, now));
    } else if (event?.type === 'LiveStreamWentLive') {
      const { streamId, startedAt } = event.data;
      if (now - Date.parse(startedAt) <= REMINDER_STALE_AFTER_MS)
        jobs.push(wentLiveReminderJobFor({ streamId, ...cause }));
    }
  }
  return jobs;
}

/** The reactor's batch handler: job ids are fixed per stream and time, so a batch handled again adds nothing. */
export function enqueueReminderJobs(queue: Queue) {
  return async (batch: readonly RecordedEvent[]): Promise<void> => {
    const jobs = reminderJobsFor(batch);
    if (jobs.length > 0) await queue.addBulk(jobs);
  };
}

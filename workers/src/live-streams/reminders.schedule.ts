import type { Queue } from 'bullmq';
import { scheduledStreamsSince, type LiveStreamsDb, type ReadModels } from '@myworld/projections';
import { scheduledReminderJobFor } from './reminders.jobs.ts';
import { REMINDER_STALE_AFTER_MS } from './reminders.state.ts';

const PAGE = 1000;

/**
 * Rebuilds the reminder schedule from the `live_streams` read model: every scheduled stream not
 * ended whose time is ahead (or only just past) gets its job again (same id, so a job still in
 * Redis is kept as it is), and failed jobs of both queues are retried. Run at start, so jobs lost
 * with Redis come back; the reactor covers what the read model has not reached yet.
 */
export async function rebuildReminderSchedule(
  queues: { streams: Queue; viewers: Queue },
  readModels: ReadModels,
  now = Date.now(),
): Promise<{ streams: number; retried: number }> {
  const db = await readModels.query<LiveStreamsDb>('live_streams');
  let streams = 0;
  for (let after = ''; ;) {
    const page = await scheduledStreamsSince(db, new Date(now - REMINDER_STALE_AFTER_MS), after, PAGE);
    if (page.length === 0) break;
    await queues.streams.addBulk(
      page.map((s) =>
        scheduledReminderJobFor(
          { streamId: s.id, causationId: null, correlationId: s.id },
          s.scheduled_for!.toISOString(),
          now,
        ),
      ),
    );
    streams += page.length;
    after = page.at(-1)!.id;
  }
  let retried = 0;
  for (const queue of [queues.streams, queues.viewers]) {
    for (const job of await queue.getFailed()) {
      await job.retry('failed');
      retried++;
    }
  }
  return { streams, retried };
}

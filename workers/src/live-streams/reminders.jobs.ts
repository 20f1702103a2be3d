import { z } from 'zod';
import type { JobsOptions } from 'bullmq';
import { PERSONAL_DATA_JOB_RETENTION } from '../platform/personal-data-jobs.ts';

/** One job per moment a stream may be due (its schedule, its early go-live): it finds who to remind. */
export const STREAM_REMINDER_QUEUE = 'live-stream-reminders';
/** One job per reminded viewer of a stream: the socket notice, then the email. */
export const VIEWER_REMINDER_QUEUE = 'live-stream-viewer-reminders';

export const streamReminderJob = z.object({
  streamId: z.string(),
  /** The event that scheduled the job (null when the schedule was rebuilt from the read model). */
  causationId: z.string().nullable(),
  correlationId: z.string(),
});
export type StreamReminderJob = z.infer<typeof streamReminderJob>;

export const viewerReminderJob = z.object({
  streamId: z.string(),
  userId: z.string(),
  to: z.string().min(3),
  title: z.string(),
  streamerUsername: z.string().nullable(),
  scheduledFor: z.string(),
  isActive: z.boolean(),
  /** Set once the socket notice is out, so a retry of a failed email does not notify again. */
  noticeSent: z.boolean().default(false),
});
export type ViewerReminderJob = z.infer<typeof viewerReminderJob>;

const DAY_SECONDS = 24 * 3600;

export const reminderJobOptions: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  // Completed ids are kept a week so a replayed event, a rebuilt schedule or the second of a
  // stream's two due jobs finds them and adds nothing.
  removeOnComplete: { age: 7 * DAY_SECONDS },
  removeOnFail: { age: 28 * DAY_SECONDS },
};

// BullMQ refuses ':' in custom job ids: the parts are joined with '.'.

/** At the scheduled time; the id carries that time, so a later new schedule would get a job of its own. */
export function scheduledReminderJobFor(data: StreamReminderJob, scheduledFor: string, now = Date.now()) {
  const at = Date.parse(scheduledFor);
  return {
    name: 'remind-scheduled',
    data,
    opts: { ...reminderJobOptions, jobId: `${data.streamId}.${at}`, delay: Math.max(0, at - now) },
  };
}

/** At once: the stream went live, maybe before its time. */
export function wentLiveReminderJobFor(data: StreamReminderJob) {
  return { name: 'remind-went-live', data, opts: { ...reminderJobOptions, jobId: `${data.streamId}.live`, delay: 0 } };
}

/**
 * Job id = stream and viewer: whatever asks again (a retry, the other due job, a replay), one
 * reminder each. The job holds an address, so it goes once sent; the viewer worker's sent marks
 * (ids only) then keep a second job of the same id from reminding again.
 */
export function viewerReminderJobFor(data: ViewerReminderJob) {
  const { attempts, backoff } = reminderJobOptions;
  return {
    name: 'remind-viewer',
    data,
    opts: { attempts, backoff, ...PERSONAL_DATA_JOB_RETENTION, jobId: viewerReminderJobId(data) },
  };
}

export const viewerReminderJobId = (data: Pick<ViewerReminderJob, 'streamId' | 'userId'>) =>
  `${data.streamId}.${data.userId}`;

import type { JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';

/**
 * Retention of jobs whose data holds an address or a name (emails): removed the moment they
 * complete, and a failed one after a day (at most 100 kept for inspection), so Redis holds no
 * personal data once the email is out. Deduplication then cannot rely on the completed job's id:
 * see SentMarks.
 */
export const PERSONAL_DATA_JOB_RETENTION = {
  removeOnComplete: true,
  removeOnFail: { age: 24 * 3600, count: 100 },
} as const satisfies Pick<JobsOptions, 'removeOnComplete' | 'removeOnFail'>;

/**
 * Which jobs already did their work, by job id only (an event id: nothing personal), for a week:
 * a redelivered or replayed event whose job was removed on completion is skipped instead of
 * being sent again. Marked after the work, so a crash in between repeats it (at least once).
 */
export class SentMarks {
  constructor(
    private readonly redis: Redis,
    /** e.g. `${QUEUE_PREFIX}:sent:accounts-emails` */
    private readonly prefix: string,
    private readonly ttlSeconds = 7 * 24 * 3600,
  ) {}

  async has(jobId: string): Promise<boolean> {
    return (await this.redis.exists(`${this.prefix}:${jobId}`)) === 1;
  }

  async mark(jobId: string): Promise<void> {
    await this.redis.set(`${this.prefix}:${jobId}`, '1', 'EX', this.ttlSeconds);
  }
}

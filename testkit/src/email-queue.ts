import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

/** The BullMQ queue the workers' accounts email reactor fills (workers/src/accounts/emails.jobs.ts). */
export const ACCOUNTS_EMAIL_QUEUE = 'accounts-emails';

/** A workers queue opened by name and prefix to inspect its jobs. */
export interface InspectedQueue {
  readonly queue: Queue;
  close(): Promise<void>;
}

export function openQueue(name: string, redisUrl: string, prefix: string): InspectedQueue {
  // BullMQ requires maxRetriesPerRequest: null on its connections.
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection, prefix });
  return {
    queue,
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}

import { Redis } from 'ioredis';

/** A Redis connection for a BullMQ queue or worker (BullMQ requires maxRetriesPerRequest: null). */
export function queueConnection(redisUrl: string): Redis {
  return new Redis(redisUrl, { maxRetriesPerRequest: null });
}

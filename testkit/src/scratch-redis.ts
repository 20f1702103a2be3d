import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export interface ScratchRedis {
  /** A client whose every key is under `prefix`, so tests never see each other's keys. */
  readonly redis: Redis;
  readonly prefix: string;
  /** The keys this scratch space holds, with their prefix. */
  keys(): Promise<string[]>;
  /** Deletes this scratch space's keys and disconnects. */
  drop(): Promise<void>;
}

/** A key-prefixed client on the machine's Redis (TEST_REDIS_URL, else 127.0.0.1:6379/0). */
export function openScratchRedis(url = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0'): ScratchRedis {
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const redis = new Redis(url, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  // KEYS ignores keyPrefix, so the pattern names it; DEL adds it, so the prefix comes off first.
  const keys = () => redis.keys(`${prefix}*`);
  return {
    redis,
    prefix,
    keys,
    async drop() {
      const found = await keys();
      if (found.length) await redis.del(...found.map((k) => k.slice(prefix.length)));
      redis.disconnect();
    },
  };
}

import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { scriptCommand } from '@myworld/write-model/platform';

// KEYS: 1 the counter. ARGV: 1 window (ms). A fixed window: it starts with the first request and
// the count and its expiry are set in one script, so no counter is ever left without its expiry.
// Returns {count, ms left}.
const INCR = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/**
 * A @fastify/rate-limit store whose counters are named by caller and limit only: the plugin's own
 * Redis store adds each route's method and URL to the key, which would give every route of a
 * named limit (like and unlike) a counter of its own.
 */
export function namedLimitStore(redis: Redis, prefix: string): FastifyRateLimitStoreCtor {
  const incrementLimit = scriptCommand<IncrementLimit>(redis, 1, INCR);
  class NamedLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      incrementLimit(`${prefix}${key}`, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current: Number(current), ttl: Number(ttl) });
        },
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }
  return NamedLimitStore;
}

/** INCR by its SHA: every limited request runs it, so its text is not sent each time. */
type IncrementLimit = (counter: string, windowMs: number) => Promise<unknown>;

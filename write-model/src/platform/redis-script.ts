import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A Lua script run by its SHA (EVALSHA), its text sent only when Redis does not hold it yet (after
 * a restart or a flush: NOSCRIPT, then EVAL, which loads it), for scripts run on every request
 * (sessions, rate limits). Plain EVALSHA rather than ioredis `defineCommand`: a command defined on
 * the connection while a turn's automatic pipeline is open is missing from that pipeline, and
 * ioredis then threw outside any promise, which killed the API.
 */
export function scriptCommand<F extends (...args: never[]) => Promise<unknown>>(
  redis: Redis,
  numberOfKeys: number,
  lua: string,
): F {
  const sha = createHash('sha1').update(lua).digest('hex');
  const run = async (...args: (string | number)[]) => {
    try {
      return await redis.evalsha(sha, numberOfKeys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(lua, numberOfKeys, ...args);
    }
  };
  return run as unknown as F;
}

import type { Redis } from 'ioredis';

/**
 * A Lua script as a command of this connection (ioredis `defineCommand`): sent by its SHA
 * (EVALSHA), its text only once, for scripts run on every request (sessions, rate limits). Define it
 * when the connection's user is set up, never at a first use: with automatic pipelining, a command
 * defined while a turn's pipeline is open is missing from it, and ioredis then throws outside any
 * promise, which killed the API.
 */
export function scriptCommand<F>(redis: Redis, name: string, numberOfKeys: number, lua: string): F {
  const commands = redis as unknown as Record<string, F | undefined>;
  if (!commands[name]) redis.defineCommand(name, { numberOfKeys, lua });
  return (commands[name] as F & { bind(self: Redis): F }).bind(redis);
}

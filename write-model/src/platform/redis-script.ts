import type { Redis } from 'ioredis';

/**
 * A Lua script as a command of this connection (ioredis `defineCommand`): sent by its SHA
 * (EVALSHA), its text only once, for scripts run on every request (sessions, rate limits).
 */
export function scriptCommand<F>(redis: Redis, name: string, numberOfKeys: number, lua: string): F {
  const commands = redis as unknown as Record<string, F | undefined>;
  if (!commands[name]) redis.defineCommand(name, { numberOfKeys, lua });
  return (commands[name] as F & { bind(self: Redis): F }).bind(redis);
}

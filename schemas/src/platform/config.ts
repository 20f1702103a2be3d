import { z } from 'zod';

/**
 * Server-only (reads the environment): exported from `@myworld/schemas/server`, never from the
 * browser entry. Settings every process shares. The defaults work on a machine with PostgreSQL
 * and Redis on localhost (the development and CI set-up); production sets them all.
 */
export const sharedConfigSchema = z.object({
  /** Default: development. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Default: info. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Default: postgres://postgres@127.0.0.1:5432/myworld. */
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/myworld'),
  /** Default: redis://127.0.0.1:6379/0. */
  REDIS_URL: z.string().url().default('redis://127.0.0.1:6379/0'),
  /** When set, events go to EventStoreDB/KurrentDB instead of the PostgreSQL event store. Default: unset. */
  EVENTSTORE_URL: z.string().min(1).optional(),
});
export type SharedConfig = z.infer<typeof sharedConfigSchema>;

/** Parses `env` with `schema`; a bad value stops start-up with every offending variable named. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

import { fileURLToPath } from 'node:url';
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
  /** Namespaces the BullMQ keys in Redis (the workers' queues; the API's dashboard reads them). Default: myworld. */
  QUEUE_PREFIX: z.string().min(1).default('myworld'),
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

/** An optional URL; an empty variable (PUBLIC_URL=) counts as unset. */
const optionalUrl = () => z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

/**
 * Where the product is reached and where development mail goes: read by the API (origin checks,
 * the outbox page) and the workers (links in emails, the outbox transport) alike.
 */
export const serverAddressConfigShape = {
  /** Default: 3000. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1. Anything but a loopback address turns development conveniences off. */
  HOST: z.string().default('127.0.0.1'),
  /** The address users reach the product at (links in emails, origin checks). Default: http://HOST:PORT. */
  PUBLIC_URL: optionalUrl(),
  /** Where the workers write emails when no SMTP_URL is set, and /dev/outbox reads them. Default: .outbox/ in the repo. */
  OUTBOX_DIR: z.string().default(fileURLToPath(new URL('../../../.outbox', import.meta.url))),
};

/** Fills in PUBLIC_URL's default from HOST and PORT. */
export function withPublicUrl<C extends { PUBLIC_URL?: string | undefined; HOST: string; PORT: number }>(
  config: C,
): C & { PUBLIC_URL: string } {
  return { ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}` };
}

/**
 * One email as the workers' outbox transport writes it (one JSON file each) and /dev/outbox
 * reads it: the outgoing message plus when it was written.
 */
export const outboxMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export { escapeHtml } from './escape-html.ts';

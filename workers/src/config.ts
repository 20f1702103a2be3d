import { z } from 'zod';
import { moderationConfigShape } from '@myworld/write-model/moderation';
import { projectionsConfigSchema } from '@myworld/projections';
import {
  accountsConfigShape,
  assertProductionSecret,
  isLoopbackHost,
  loadConfig,
  serverAddressConfigShape,
  sharedConfigSchema,
  storageConfigShape,
  withPublicUrl,
} from '@myworld/schemas/server';

/** An optional URL; an empty variable (SMTP_URL=) counts as unset. */
const optionalUrl = () => z.preprocess((v) => (v === '' ? undefined : v), z.string().url().optional());

/** The workers' settings; PORT, HOST, PUBLIC_URL (links in emails) and OUTBOX_DIR are shared with the API. */
export const workersConfigSchema = sharedConfigSchema
  .extend({
    ...accountsConfigShape,
    ...serverAddressConfigShape,
    ...storageConfigShape,
    ...moderationConfigShape,
    /** The prefix of the API's Redis keys (its sessions), when it has one (tests). Default: none. */
    REDIS_KEY_PREFIX: z.string().default(''),
    /** smtp://user:pass@host:port; without it emails are written to OUTBOX_DIR (development only). */
    SMTP_URL: optionalUrl(),
    MAIL_FROM: z.string().min(3).default('MyWorld <no-reply@myworld.local>'),
    EMAIL_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    /** Media files processed at once per workers process (each transcode uses every core). Default: 1. */
    MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
    /** Render the built-in background catalogue into the bucket at start when it is missing (about 20 s of CPU, once). Default: true. */
    BACKGROUND_CATALOGUE: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    /** A media job whose worker stops renewing its lock this long (it crashed) is run again. Default: 30. */
    MEDIA_JOB_LOCK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    REACTOR_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
    /** Days an as-of snapshot schema lives before the workers drop it (as projections' SNAPSHOT_TTL_DAYS). Default: 7. */
    SNAPSHOT_TTL_DAYS: projectionsConfigSchema.shape.SNAPSHOT_TTL_DAYS,
  })
  .refine((c) => c.NODE_ENV !== 'production' || c.SMTP_URL !== undefined, {
    path: ['SMTP_URL'],
    error: 'SMTP_URL is required in production',
  })
  // The outbox (no SMTP_URL) is a development tool: never on a process bound beyond this machine.
  .refine((c) => c.SMTP_URL !== undefined || isLoopbackHost(c.HOST), {
    path: ['SMTP_URL'],
    error: 'SMTP_URL is required when HOST is not a loopback address (the outbox is for development only)',
  });

export type WorkersConfig = z.infer<typeof workersConfigSchema> & { PUBLIC_URL: string };

export function loadWorkersConfig(env: NodeJS.ProcessEnv = process.env): WorkersConfig {
  const config = loadConfig(workersConfigSchema, env);
  assertProductionSecret(config);
  return withPublicUrl(config);
}

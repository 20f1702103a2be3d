import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { wsConfigShape } from './platform/ws/config.ts';
import { authLimitsConfigShape } from './platform/rate-limits/limits-config.ts';
import { accountsConfigShape, assertProductionSecret, loadConfig, sharedConfigSchema } from '@myworld/schemas/server';

/**
 * The API's settings. PORT, HOST, PUBLIC_URL and OUTBOX_DIR are also read by the workers; they
 * belong in the shared server config of @myworld/schemas/server once it has them.
 */
export const apiConfigSchema = sharedConfigSchema.extend({
  /** Default: 3000. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Default: 127.0.0.1. */
  HOST: z.string().default('127.0.0.1'),
  /** The address users reach the product at (links in emails, origin checks). Default: http://HOST:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Built web client served from the same origin; missing in API-only test runs. */
  WEB_DIST: z.string().default('web/dist'),
  /**
   * Proxies whose X-Forwarded-For is believed (client addresses feed per-address rate limits):
   * "false" (default: none), "true" (any; only behind a proxy that strips the header), or a
   * comma list of addresses/CIDRs such as "10.0.0.0/8".
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] => (v === 'true' ? true : v === 'false' ? false : v.split(',').map((s) => s.trim()).filter(Boolean))),
  /** How long a query given X-Min-Position may wait for its read model. Default: 2000. */
  MIN_POSITION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** A username/email reservation whose user never registered (a crash mid-registration) is reclaimable after this many seconds. Default: 600. */
  RESERVATION_ORPHAN_SECONDS: z.coerce.number().int().min(1).max(604_800).default(600),
  ...accountsConfigShape,
  ...wsConfigShape,
  ...authLimitsConfigShape,
  /** Bearer token /metrics requires when set. Default: unset (/metrics open, e.g. behind a private network). */
  METRICS_TOKEN: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional()),
  /** How long one /metrics scrape's projection figures are reused, so concurrent scrapes share one read. Default: 1000. */
  METRICS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Where the workers write emails when no SMTP_URL is set; /dev/outbox lists them (only with NODE_ENV development or test and a loopback HOST). */
  OUTBOX_DIR: z.string().default(fileURLToPath(new URL('../../.outbox', import.meta.url))),
});
export type ApiConfig = z.infer<typeof apiConfigSchema> & { PUBLIC_URL: string };

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const config = loadConfig(apiConfigSchema, env);
  assertProductionSecret(config);
  return { ...config, PUBLIC_URL: config.PUBLIC_URL ?? `http://${config.HOST}:${config.PORT}` };
}

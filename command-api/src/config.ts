import { z } from 'zod';
import { wsConfigShape } from './platform/ws/config.ts';
import { authLimitsConfigShape } from './platform/rate-limits/limits-config.ts';
import { writeLimitsConfigShape } from './platform/rate-limits/write-limits-config.ts';
import { securityHeadersConfigShape } from './platform/http/security-headers.ts';
import type { FeatureSettings } from './platform/feature-config.ts';
import { features } from './features.ts';
import {
  accountsConfigShape,
  assertProductionSecret,
  loadConfig,
  serverAddressConfigShape,
  sharedConfigSchema,
  storageConfigShape,
  withPublicUrl,
} from '@myworld/schemas/server';

/**
 * Every feature's variables in one shape; a variable two features declare stops start-up. Typed
 * as adding nothing: their types reach ApiConfig through FeatureSettings, which each feature's
 * config.ts extends.
 */
function featureShapes(): {} {
  const shape: Record<string, z.ZodType> = {};
  for (const feature of features)
    for (const [key, schema] of Object.entries<z.ZodType>(feature.config?.shape ?? {})) {
      if (key in shape)
        throw new Error(`configuration: ${key} is declared by two features (${feature.name} and another)`);
      shape[key] = schema;
    }
  return shape;
}

/**
 * The API's settings: the platform's own here (PORT, HOST, PUBLIC_URL and OUTBOX_DIR are shared
 * with the workers), then each feature's (Feature.config, e.g. features/gifts/config.ts).
 */
const platformConfigSchema = sharedConfigSchema.extend({
  ...serverAddressConfigShape,
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
    .transform((v): boolean | string[] =>
      v === 'true'
        ? true
        : v === 'false'
          ? false
          : v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
    ),
  /** How long a query given X-Min-Position may wait for its read model. Default: 2000. */
  MIN_POSITION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
  /** A live stream that no media reaches for this many seconds (never connected, or stopped) is ended. Default: 60. */
  LIVE_MEDIA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /**
   * With several API instances, how long an instance that stopped renewing its heartbeat still
   * counts as alive: past it, the streams it owned end on the others ('media_lost') and its pipes
   * close. Renewed every third of it. Default: 10000.
   */
  LIVE_MEDIA_INSTANCE_LEASE_MS: z.coerce.number().int().min(300).max(300_000).default(10_000),
  /**
   * How long a feed page may be reused for the same viewer, request and read-model state (0: never).
   * A page is only reused while the posts read model has not moved, so this bounds how stale the
   * ranking's clock (freshness) may get, not the data. Default: 2000.
   */
  FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  ...accountsConfigShape,
  ...storageConfigShape,
  ...wsConfigShape,
  ...authLimitsConfigShape,
  ...writeLimitsConfigShape,
  ...securityHeadersConfigShape,
  /** Bearer token /metrics requires when set. Default: unset (/metrics open, e.g. behind a private network). */
  METRICS_TOKEN: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** How long one /metrics scrape's projection figures are reused, so concurrent scrapes share one read. Default: 1000. */
  METRICS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
});

/** The platform's settings and every feature's, with each feature's checks across its own. */
export const apiConfigSchema = platformConfigSchema.extend(featureShapes()).superRefine((config, ctx) => {
  for (const feature of features) feature.config?.issues?.(config, ctx);
});

/** The platform's settings plus every feature's, as their Feature definitions declare them (one owner per variable). */
export type ApiConfig = z.infer<typeof platformConfigSchema> & FeatureSettings & { PUBLIC_URL: string };

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const config = loadConfig(apiConfigSchema, env) as z.infer<typeof platformConfigSchema> & FeatureSettings;
  assertProductionSecret(config);
  return withPublicUrl(config);
}

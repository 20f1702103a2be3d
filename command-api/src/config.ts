import { z } from 'zod';
import { wsConfigShape } from './platform/ws/config.ts';
import { authLimitsConfigShape } from './platform/rate-limits/limits-config.ts';
import { writeLimitsConfigShape } from './platform/rate-limits/write-limits-config.ts';
import { storiesConfigShape } from './features/stories/config.ts';
import { giftsConfigShape, paymentsConfigIssues } from './features/gifts/config.ts';
import { moderationConfigShape } from '@myworld/write-model/moderation';
import { mediaConfigShape } from './features/media/config.ts';
import { securityHeadersConfigShape } from './platform/http/security-headers.ts';
import { COST_LOG2, MIN_COST_LOG2 } from './features/accounts/passwords.ts';
import {
  accountsConfigShape,
  assertProductionSecret,
  loadConfig,
  serverAddressConfigShape,
  sharedConfigSchema,
  storageConfigShape,
  withPublicUrl,
} from '@myworld/schemas/server';

/** The API's settings; PORT, HOST, PUBLIC_URL and OUTBOX_DIR are shared with the workers. */
export const apiConfigSchema = sharedConfigSchema
  .extend({
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
    /** A username/email reservation whose user never registered (a crash mid-registration) is reclaimable after this many seconds. Default: 600. */
    RESERVATION_ORPHAN_SECONDS: z.coerce.number().int().min(1).max(604_800).default(600),
    /**
     * scrypt's cost for new password hashes, as log2 of N (each hash takes 128 * 2^cost * 8 bytes
     * of RAM). Production refuses less than 17 (OWASP's N = 2^17); the test harnesses use 12, so a
     * suite that registers thousands of users does not spend most of its CPU hashing. Hashes carry
     * their cost, so changing it never breaks a stored password: sign-in rehashes it. Default: 17.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_COST_LOG2).max(18).default(COST_LOG2),
    /** A live stream that no media reaches for this many seconds (never connected, or stopped) is ended. Default: 60. */
    LIVE_MEDIA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
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
    ...storiesConfigShape,
    ...giftsConfigShape,
    ...moderationConfigShape,
    ...mediaConfigShape,
    ...securityHeadersConfigShape,
    /** Bearer token /metrics requires when set. Default: unset (/metrics open, e.g. behind a private network). */
    METRICS_TOKEN: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
    ),
    /** How long one /metrics scrape's projection figures are reused, so concurrent scrapes share one read. Default: 1000. */
    METRICS_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  })
  .superRefine(paymentsConfigIssues)
  .superRefine((config, ctx) => {
    if (config.NODE_ENV === 'production' && config.PASSWORD_HASH_COST < COST_LOG2)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `PASSWORD_HASH_COST must be at least ${COST_LOG2} in production`,
      });
  });
export type ApiConfig = z.infer<typeof apiConfigSchema> & { PUBLIC_URL: string };

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const config = loadConfig(apiConfigSchema, env);
  assertProductionSecret(config);
  return withPublicUrl(config);
}

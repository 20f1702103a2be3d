import { z } from 'zod';
import { defineFeatureConfig, type SettingsOf } from '../../platform/feature-config.ts';
import { COST_LOG2, MIN_COST_LOG2 } from './passwords.ts';

/** The accounts feature's API settings (the token and personal-data secrets are shared with the workers: schemas' accountsConfigShape). */
export const accountsConfig = defineFeatureConfig({
  shape: {
    /** A username/email reservation whose user never registered (a crash mid-registration) is reclaimable after this many seconds. Default: 600. */
    RESERVATION_ORPHAN_SECONDS: z.coerce.number().int().min(1).max(604_800).default(600),
    /**
     * scrypt's cost for new password hashes, as log2 of N (each hash takes 128 * 2^cost * 8 bytes
     * of RAM). Production refuses less than 17 (OWASP's N = 2^17); the test harnesses use 12, so a
     * suite that registers thousands of users does not spend most of its CPU hashing. Hashes carry
     * their cost, so changing it never breaks a stored password: sign-in rehashes it. Default: 17.
     */
    PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_COST_LOG2).max(18).default(COST_LOG2),
  },
  issues(config, ctx) {
    if (config.NODE_ENV === 'production' && config.PASSWORD_HASH_COST < COST_LOG2)
      ctx.addIssue({
        code: 'custom',
        path: ['PASSWORD_HASH_COST'],
        message: `PASSWORD_HASH_COST must be at least ${COST_LOG2} in production`,
      });
  },
});

declare module '../../platform/feature-config.ts' {
  interface FeatureSettings extends SettingsOf<typeof accountsConfig.shape> {}
}

import { z } from 'zod';

/**
 * Settings the API and the workers share for accounts. TOKEN_SECRET keys the HMAC that turns a
 * token id from the log into the emailed token; both processes must use the same one.
 */
export const DEVELOPMENT_TOKEN_SECRET = 'myworld-development-token-secret-change-me-in-production';

export const accountsConfigShape = {
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').default(DEVELOPMENT_TOKEN_SECRET),
};

/** Production must not run on the development secret (anyone could forge reset links). */
export function assertProductionSecret(config: { NODE_ENV: string; TOKEN_SECRET: string }): void {
  if (config.NODE_ENV === 'production' && config.TOKEN_SECRET === DEVELOPMENT_TOKEN_SECRET) {
    throw new Error('invalid configuration:\n  TOKEN_SECRET: set a secret of your own in production');
  }
}

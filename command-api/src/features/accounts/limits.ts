import { AUTH_MESSAGES } from '@myworld/schemas';
import type { AttemptLimit } from '../../platform/rate-limits/attempt-limiter.ts';

/**
 * The accounts feature's email limits (fixed windows in Redis, shared by every API instance).
 * Sign-in throttling is LoginThrottle (see context.ts); per-address limits of the auth routes are
 * route rate limits (config.limit, configured by RATE_LIMIT_* variables).
 */
export const LIMITS = {
  /** Reset emails per account: 5 an hour, capped quietly (the answer never says whether the address exists). */
  resetEmailsPerAccount: { max: 5, windowSeconds: 3600, message: '' },
  /** Verification emails per account: 5 an hour. */
  verificationEmailsPerAccount: { max: 5, windowSeconds: 3600, message: AUTH_MESSAGES.tooManyVerificationEmails },
  /** Email change links per account: 5 an hour, so the form cannot flood someone else's inbox. */
  emailChangeEmailsPerAccount: { max: 5, windowSeconds: 3600, message: AUTH_MESSAGES.tooManyEmailChangeRequests },
  /** Email change attempts per account, confirmed or not (wrong passwords, taken addresses): 10 an hour. */
  emailChangeAttemptsPerAccount: { max: 10, windowSeconds: 3600, message: AUTH_MESSAGES.tooManyEmailChangeRequests },
} as const satisfies Record<string, AttemptLimit>;

import { AUTH_MESSAGES } from '@myworld/schemas';
import type { AttemptLimit } from '../../platform/rate-limits/attempt-limiter.ts';

/** The accounts feature's attempt limits (fixed windows in Redis, shared by every API instance). */
export const LIMITS = {
  /** Failed sign-ins per account: 5 in 15 minutes, then the account is locked for the rest of the window. */
  loginPerAccount: { max: 5, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyLoginAttemptsForAccount },
  /** Failed sign-ins per address: 20 in 15 minutes, for every account. */
  loginPerAddress: { max: 20, windowSeconds: 15 * 60, message: AUTH_MESSAGES.tooManyLoginAttemptsFromNetwork },
  /** Reset emails per account: 5 an hour, capped quietly (the answer never says whether the address exists). */
  resetEmailsPerAccount: { max: 5, windowSeconds: 3600, message: '' },
  /** Verification emails per account: 5 an hour. */
  verificationEmailsPerAccount: { max: 5, windowSeconds: 3600, message: AUTH_MESSAGES.tooManyVerificationEmails },
} as const satisfies Record<string, AttemptLimit>;

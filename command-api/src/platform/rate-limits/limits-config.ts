import { z } from 'zod';

/** A limit written "MAX/SECONDS", e.g. "25/300": at most 25 requests per address in 300 seconds. */
export interface WindowLimit {
  readonly max: number;
  readonly windowSeconds: number;
}

/** Parses "MAX/SECONDS" (both positive integers). */
export const windowLimit = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx): WindowLimit => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
      const [max, windowSeconds] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
      if (max < 1 || windowSeconds < 1) {
        ctx.addIssue({ code: 'custom', message: `expected "MAX/SECONDS" with positive integers, e.g. "${fallback}"` });
        return z.NEVER;
      }
      return { max, windowSeconds };
    });

/**
 * Abuse limits of the auth endpoints and the session lifetime. Per-address limits are counted in
 * Redis (shared by every API instance), by the client address (see TRUST_PROXY).
 */
export const authLimitsConfigShape = {
  /** Registrations per client address, "MAX/SECONDS". Default: "25/300" (25 per 5 minutes). */
  RATE_LIMIT_REGISTER: windowLimit('25/300'),
  /** Password reset emails asked for per client address, "MAX/SECONDS". Default: "10/900" (10 per 15 minutes). */
  RATE_LIMIT_FORGOT_PASSWORD: windowLimit('10/900'),
  /** Password reset attempts per client address, "MAX/SECONDS". Default: "10/900" (10 per 15 minutes). */
  RATE_LIMIT_RESET_PASSWORD: windowLimit('10/900'),
  /** Verification email resends per client address, "MAX/SECONDS". Default: "10/3600" (10 an hour). */
  RATE_LIMIT_RESEND_VERIFICATION: windowLimit('10/3600'),
  /** Failed sign-ins per account and address before that pair must wait (the wait doubles with each further failure). Default: 5. */
  LOGIN_FAILURES_BEFORE_BACKOFF: z.coerce.number().int().min(1).max(1000).default(5),
  /** The first wait after LOGIN_FAILURES_BEFORE_BACKOFF failures, in seconds. Default: 60. */
  LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** The longest wait, in seconds. Default: 900 (15 minutes). */
  LOGIN_BACKOFF_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  /** Failed sign-ins per client address for all accounts together, "MAX/SECONDS". Default: "20/900". */
  RATE_LIMIT_LOGIN_ADDRESS: windowLimit('20/900'),
  /**
   * Failed sign-ins per account from all addresses together, "MAX/SECONDS": past it the account answers 429 to devices that
   * never signed in to it (its owner's known devices still sign in, and the owner is mailed once per period). Default: "20/3600".
   */
  RATE_LIMIT_LOGIN_ACCOUNT: windowLimit('20/3600'),
  /** A session unused this long ends (each use starts the wait again), in seconds; it ends 30 days after sign-in regardless. Default: 604800 (7 days). */
  SESSION_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24 * 3600)
    .default(7 * 24 * 3600),
};

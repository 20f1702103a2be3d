import { PLATFORM_MESSAGES } from '@myworld/schemas';
import type { AttemptLimit } from '../../platform/rate-limits/attempt-limiter.ts';

/**
 * The engagement feature's abuse limits (fixed windows in Redis, shared by every API instance).
 * Likes, shares and views need none of their own: a like is once per user per post, a view counts
 * once an hour, and a share is as cheap to store as any request.
 */
export const LIMITS = {
  /** Comments written per user: 30 a minute (one every 2 s on average, far above anyone typing). Past it, 429 with Retry-After. */
  commentsPerUser: { max: 30, windowSeconds: 60, message: PLATFORM_MESSAGES.rateLimited },
} as const satisfies Record<string, AttemptLimit>;

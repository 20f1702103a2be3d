import { PLATFORM_MESSAGES } from '@myworld/schemas';
import type { AttemptLimit } from '../../platform/rate-limits/attempt-limiter.ts';

/** The direct messages' abuse limits (fixed windows in Redis, shared by every API instance). */
export const LIMITS = {
  /** Messages sent per user: 60 a minute (one a second on average, above anyone typing; stops scripted floods). Past it, 429 with Retry-After. */
  messagesPerUser: { max: 60, windowSeconds: 60, message: PLATFORM_MESSAGES.rateLimited },
} as const satisfies Record<string, AttemptLimit>;


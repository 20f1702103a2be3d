import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { AttemptLimiter } from '../../platform/rate-limits/attempt-limiter.ts';

/** What every messages route shares: the platform plus the attempt limiter (messages per user, limits.ts). */
export interface MessagesContext extends Platform {
  readonly limiter: AttemptLimiter;
}

export function messagesContext(platform: Platform): MessagesContext {
  return { ...platform, limiter: new AttemptLimiter(platform.redis, 'myworld:messages:attempts:') };
}

/** Defines one messages route (see routes/). */
export const messagesRoute = routeFor<MessagesContext>();

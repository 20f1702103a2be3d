import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { AttemptLimiter } from '../../platform/rate-limits/attempt-limiter.ts';

/** What every engagement route shares: the platform plus the attempt limiter (comments per user, limits.ts). */
export interface EngagementContext extends Platform {
  readonly limiter: AttemptLimiter;
}

export function engagementContext(platform: Platform): EngagementContext {
  return { ...platform, limiter: new AttemptLimiter(platform.redis, 'myworld:engagement:attempts:') };
}

/** Defines one engagement route (see routes/). */
export const engagementRoute = routeFor<EngagementContext>();

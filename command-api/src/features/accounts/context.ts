import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { AttemptLimiter } from '../../platform/rate-limits/attempt-limiter.ts';

/** What every accounts route shares: the platform plus the attempt limiter. */
export interface AccountsContext extends Platform {
  readonly limiter: AttemptLimiter;
}

export function accountsContext(platform: Platform): AccountsContext {
  return { ...platform, limiter: new AttemptLimiter(platform.redis, 'myworld:accounts:attempts:') };
}

/** Defines one accounts route (see routes/). */
export const accountsRoute = routeFor<AccountsContext>();

import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { AttemptLimiter } from '../../platform/rate-limits/attempt-limiter.ts';
import { LoginThrottle } from '../../platform/rate-limits/login-throttle.ts';

/** What every accounts route shares: the platform plus the attempt limiter and the sign-in throttle. */
export interface AccountsContext extends Platform {
  readonly limiter: AttemptLimiter;
  readonly loginThrottle: LoginThrottle;
}

export function accountsContext(platform: Platform): AccountsContext {
  const { config } = platform;
  return {
    ...platform,
    limiter: new AttemptLimiter(platform.redis, 'myworld:accounts:attempts:'),
    loginThrottle: new LoginThrottle(platform.redis, {
      failuresBeforeBackoff: config.LOGIN_FAILURES_BEFORE_BACKOFF,
      backoffBaseSeconds: config.LOGIN_BACKOFF_BASE_SECONDS,
      backoffMaxSeconds: config.LOGIN_BACKOFF_MAX_SECONDS,
      perAddress: config.RATE_LIMIT_LOGIN_ADDRESS,
      perAccount: config.RATE_LIMIT_LOGIN_ACCOUNT,
    }),
  };
}

/** Defines one accounts route (see routes/). */
export const accountsRoute = routeFor<AccountsContext>();

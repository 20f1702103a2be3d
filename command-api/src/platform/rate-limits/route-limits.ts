import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '../commands/domain-error.ts';
import type { WindowLimit } from './limits-config.ts';

/** The per-address limits a route can name in `config.limit` (values from the RATE_LIMIT_* variables). */
export const ROUTE_LIMIT_NAMES = ['register', 'forgotPassword', 'resetPassword', 'resendVerification'] as const;
export type RouteLimitName = (typeof ROUTE_LIMIT_NAMES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A per-address request limit by name (see platform/rate-limits/route-limits.ts). */
    limit?: RouteLimitName;
  }
}

export interface RouteLimitsConfig {
  readonly RATE_LIMIT_REGISTER: WindowLimit;
  readonly RATE_LIMIT_FORGOT_PASSWORD: WindowLimit;
  readonly RATE_LIMIT_RESET_PASSWORD: WindowLimit;
  readonly RATE_LIMIT_RESEND_VERIFICATION: WindowLimit;
}

/** 429 JSON `{ error: 'rate_limited', message }`; the plugin sets Retry-After (seconds). */
class RateLimitedError extends DomainError {
  constructor(seconds: number) {
    super('rate_limited', `${PLATFORM_MESSAGES.rateLimited} Retry after ${seconds} seconds.`, 429);
  }
}

/**
 * Per-address request limits with @fastify/rate-limit, counted in Redis (shared by every API
 * instance). Nothing is limited globally: a route opts in with `config.limit: '<name>'`. The
 * count happens before validation and before any work, so refused requests cost nothing.
 * Register before the routes.
 */
export async function registerRouteLimits(app: FastifyInstance, deps: { redis: Redis; config: RouteLimitsConfig }): Promise<void> {
  const windows: Record<RouteLimitName, WindowLimit> = {
    register: deps.config.RATE_LIMIT_REGISTER,
    forgotPassword: deps.config.RATE_LIMIT_FORGOT_PASSWORD,
    resetPassword: deps.config.RATE_LIMIT_RESET_PASSWORD,
    resendVerification: deps.config.RATE_LIMIT_RESEND_VERIFICATION,
  };
  // Before the plugin's own onRoute hook: turns the name into the plugin's per-route options.
  app.addHook('onRoute', (route) => {
    const name = route.config?.limit;
    if (name === undefined) return;
    const window = windows[name];
    if (!window) throw new Error(`route ${route.url} names an unknown rate limit '${String(name)}'`);
    route.config = { ...route.config, rateLimit: { max: window.max, timeWindow: window.windowSeconds * 1000, groupId: name } };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis: deps.redis,
    nameSpace: 'myworld:rate-limit:',
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

import type { FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import { PLATFORM_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { WindowLimit } from './limits-config.ts';
import { namedLimitStore } from './named-limit-store.ts';

/**
 * The request limits a route can name in `config.limit`: the variable its window comes from, and
 * whom it counts. `address` limits (the anonymous auth forms) count per client address whoever
 * calls; the others count per signed-in user, and per client address for a visitor.
 */
export const ROUTE_LIMITS = {
  register: { env: 'RATE_LIMIT_REGISTER', per: 'address' },
  forgotPassword: { env: 'RATE_LIMIT_FORGOT_PASSWORD', per: 'address' },
  resetPassword: { env: 'RATE_LIMIT_RESET_PASSWORD', per: 'address' },
  resendVerification: { env: 'RATE_LIMIT_RESEND_VERIFICATION', per: 'address' },
  posts: { env: 'RATE_LIMIT_POSTS', per: 'caller' },
  videos: { env: 'RATE_LIMIT_VIDEOS', per: 'caller' },
  stories: { env: 'RATE_LIMIT_STORIES', per: 'caller' },
  uploads: { env: 'RATE_LIMIT_UPLOADS', per: 'caller' },
  reports: { env: 'RATE_LIMIT_REPORTS', per: 'caller' },
  follows: { env: 'RATE_LIMIT_FOLLOWS', per: 'caller' },
  likes: { env: 'RATE_LIMIT_LIKES', per: 'caller' },
  shares: { env: 'RATE_LIMIT_SHARES', per: 'caller' },
  comments: { env: 'RATE_LIMIT_COMMENTS', per: 'caller' },
  messages: { env: 'RATE_LIMIT_MESSAGES', per: 'caller' },
  duetRequests: { env: 'RATE_LIMIT_DUET_REQUESTS', per: 'caller' },
  reminders: { env: 'RATE_LIMIT_REMINDERS', per: 'caller' },
  gifts: { env: 'RATE_LIMIT_GIFTS', per: 'caller' },
  streams: { env: 'RATE_LIMIT_STREAMS', per: 'caller' },
  streamThumbnails: { env: 'RATE_LIMIT_STREAM_THUMBNAILS', per: 'caller' },
  profileEdits: { env: 'RATE_LIMIT_PROFILE_EDITS', per: 'caller' },
  accountChanges: { env: 'RATE_LIMIT_ACCOUNT_CHANGES', per: 'caller' },
  views: { env: 'RATE_LIMIT_VIEWS', per: 'caller' },
  staffActions: { env: 'RATE_LIMIT_STAFF_ACTIONS', per: 'caller' },
  otherWrites: { env: 'RATE_LIMIT_OTHER_WRITES', per: 'caller' },
} as const satisfies Record<string, { env: `RATE_LIMIT_${string}`; per: 'address' | 'caller' }>;

export type RouteLimitName = keyof typeof ROUTE_LIMITS;
export const ROUTE_LIMIT_NAMES = Object.keys(ROUTE_LIMITS) as RouteLimitName[];

/** A write route that takes no request limit says why (checked at start-up: the reason may not be empty). */
export interface NoRouteLimit {
  readonly none: string;
}

/** What `config.limit` holds: a named limit, or an explicit exemption with its reason. */
export type RouteLimit = RouteLimitName | NoRouteLimit;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A request limit by name, or `{ none: reason }` (see platform/rate-limits/route-limits.ts). */
    limit?: RouteLimit;
  }
}

/** Every limit's window, read from the RATE_LIMIT_* variables. */
export type RouteLimitsConfig = { readonly [N in RouteLimitName as (typeof ROUTE_LIMITS)[N]['env']]: WindowLimit };

/** The methods that change something: each such route must declare `config.limit`. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** 429 JSON `{ error: 'rate_limited', message }`; the plugin sets Retry-After (seconds). */
class RateLimitedError extends DomainError {
  constructor(seconds: number) {
    super('rate_limited', `${PLATFORM_MESSAGES.rateLimited} Retry after ${seconds} seconds.`, 429);
  }
}

/** The start-up refusal of a write route without a usable `config.limit` (null: the route is fine). */
export function routeLimitProblem(methods: readonly string[], url: string, limit: unknown): string | null {
  const route = `route ${methods.join(',')} ${url}`;
  if (typeof limit === 'string')
    return Object.hasOwn(ROUTE_LIMITS, limit) ? null : `${route} names an unknown rate limit '${limit}'`;
  if (limit !== undefined) {
    const reason = (limit as Partial<NoRouteLimit> | null)?.none;
    return typeof reason === 'string' && reason.trim()
      ? null
      : `${route} has config.limit without a name: use { none: '<why it needs no limit>' }`;
  }
  if (!methods.some((m) => WRITE_METHODS.has(m.toUpperCase()))) return null;
  return `${route} does not declare a write limit: set config.limit to one of ${ROUTE_LIMIT_NAMES.map((n) => `'${n}'`).join(', ')}, or { none: '<why>' }`;
}

/**
 * Request limits with @fastify/rate-limit, counted in Redis (shared by every API instance). Every
 * write route (POST, PUT, PATCH, DELETE) declares `config.limit`, or says why it takes none
 * (`{ none: reason }`); a write route registered without one stops the app at start-up, as a
 * route without `config.auth` does. A GET may opt in too.
 *
 * A named limit is one counter per caller shared by every route naming it (likes and unlikes
 * together). It runs on the route's onRequest hook, after the session and auth hooks (so a
 * signed-in caller is counted by user id) and before parsing, validation and the handler: a
 * refused request records nothing and costs nothing. Register before the routes.
 */
export async function registerRouteLimits(
  app: FastifyInstance,
  deps: { redis: Redis; config: RouteLimitsConfig },
): Promise<void> {
  // Before the plugin's own onRoute hook: checks the declaration, turns a name into the plugin's per-route options.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = route.config?.limit;
    const problem = routeLimitProblem(methods, route.url, limit);
    if (problem) throw new Error(problem);
    if (typeof limit !== 'string') return;
    const name = limit as RouteLimitName;
    const window = deps.config[ROUTE_LIMITS[name].env];
    const perAddress = ROUTE_LIMITS[name].per === 'address';
    route.config = {
      ...route.config,
      rateLimit: {
        max: window.max,
        timeWindow: window.windowSeconds * 1000,
        groupId: name,
        keyGenerator: (request) =>
          request.userId && !perAddress ? `user:${request.userId}:` : `address:${request.ip}:`,
      },
    };
  });
  await app.register(fastifyRateLimit, {
    global: false,
    store: namedLimitStore(deps.redis, 'myworld:rate-limit:'),
    keyGenerator: (request) => `address:${request.ip}:`,
    errorResponseBuilder: (_request, context) => new RateLimitedError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });
}

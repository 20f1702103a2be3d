import type { FastifyInstance } from 'fastify';
import { PLATFORM_MESSAGES, ROUTE_AUTH_LEVELS } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import type { RoleDirectory } from '@myworld/write-model/roles';
import { parseRouteAuth } from './route.ts';

/** Where the platform learns which staff roles a user holds (the interface lives with the write model). */
export type { RoleDirectory };

/** The answer to a user calling a route of a role they do not hold. */
const ROLE_REQUIRED = 'You do not have permission to do this.';

/** Nobody holds a role (tests of role routes' refusals). */
export const noRoles: RoleDirectory = {
  rolesOf: async () => [],
};

/**
 * Every route must say who may call it (`config.auth`): registering one that does not stops the
 * app at start-up, so a forgotten rule cannot ship. Routes third-party plugins add before this
 * hook (the docs UI, static files) are the only ones exempt.
 */
export function requireRouteAuth(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const auth = parseRouteAuth(route.config?.auth);
    if (auth === 'owner-or-analyst' && !route.url.includes(':userId')) {
      throw new Error(`route ${route.url} is owner-or-analyst but has no :userId naming the owner`);
    }
    if (auth) return;
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
    throw new Error(
      `route ${methods} ${route.url} does not say who may call it: set config.auth to one of ${ROUTE_AUTH_LEVELS.map((a) => `'${a}'`).join(', ')}`,
    );
  });
}

/**
 * Enforces each route's `config.auth` before anything else runs: a visitor on a `user` (or role)
 * route gets 401, a user without the route's role 403 (on `owner-or-analyst`, a user who is neither
 * the `:userId` nor an analyst). Register after the sessions hook.
 */
export function registerAuth(app: FastifyInstance, roles: RoleDirectory): void {
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'visitor') return;
    if (!request.userId) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
    if (auth === 'user') return;
    if (auth === 'owner-or-analyst' && (request.params as { userId?: unknown }).userId === request.userId) return;
    const role = auth === 'owner-or-analyst' ? 'analyst' : auth;
    if (!(await roles.rolesOf(request.userId)).includes(role)) {
      throw new DomainError('forbidden', ROLE_REQUIRED, 403);
    }
  });
}

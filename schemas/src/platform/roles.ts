import { z } from 'zod';

/** Staff roles a user may hold besides being a user (granted and revoked as events, feature `roles`). */
export const ROLES = ['moderator', 'analyst', 'admin'] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/**
 * Who may call a route: anyone (`visitor`), any signed-in `user`, a user holding the role, or
 * `owner-or-analyst`: the user the route's `:userId` names, or a user holding analyst.
 */
export const ROUTE_AUTH_LEVELS = ['visitor', 'user', ...ROLES, 'owner-or-analyst'] as const;
export const routeAuth = z.enum(ROUTE_AUTH_LEVELS);
export type RouteAuth = z.infer<typeof routeAuth>;

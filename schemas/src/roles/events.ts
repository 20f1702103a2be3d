import { z } from 'zod';
import { role } from '../platform/roles.ts';

/**
 * Events of one user's staff roles, stream `roles-{userId}`. `grantedBy` / `revokedBy` is the
 * admin's user id, or `cli:<operator>` when an operator ran `npm run admin` on the server.
 */

export const rolesStreamName = (userId: string) => `roles-${userId}`;

/** The actor recorded for the operator CLI (`cli:<name>`), in the events and their metadata. */
export const operatorActor = (name: string) => `cli:${name}`;

export const roleGranted = z.object({
  userId: z.string(),
  role,
  grantedBy: z.string(),
  reason: z.string().optional(),
  grantedAt: z.string(),
});
export const roleRevoked = z.object({ userId: z.string(), role, revokedBy: z.string(), revokedAt: z.string() });

export const roleEventSchemas = {
  RoleGranted: roleGranted,
  RoleRevoked: roleRevoked,
} as const;

export type RoleEventType = keyof typeof roleEventSchemas;
export type RoleEvent = {
  [K in RoleEventType]: { readonly type: K; readonly data: z.infer<(typeof roleEventSchemas)[K]> };
}[RoleEventType];

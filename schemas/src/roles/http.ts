import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { role } from '../platform/roles.ts';
import { ROLE_HOLDERS_PAGE_MAX, ROLE_REASON_MAX } from './rules.ts';

/** The HTTP bodies of /api/admin/roles (admins only). */

/** POST and DELETE /api/admin/roles: whom, and which role. */
export const roleChangeBody = z.object({
  username: z.string().trim().toLowerCase().min(1, 'Username is required').max(30),
  role: role.describe('moderator, analyst or admin'),
});
export type RoleChangeBody = z.infer<typeof roleChangeBody>;

/** POST /api/admin/roles also takes why (kept in the event). */
export const grantRoleBody = roleChangeBody.extend({ reason: z.string().trim().max(ROLE_REASON_MAX).optional() });
export type GrantRoleBody = z.infer<typeof grantRoleBody>;

/** Grant and revoke answer the user's roles after the command. */
export const roleChangeResponse = z.object({ userId: z.string(), username: z.string(), roles: z.array(role) });
export type RoleChangeResponse = z.infer<typeof roleChangeResponse>;

/** GET /api/admin/roles: paged with `cursor` (the previous answer's `nextCursor`). */
export const roleHoldersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(ROLE_HOLDERS_PAGE_MAX).default(ROLE_HOLDERS_PAGE_MAX),
  cursor: pageCursor.optional(),
});

/** One user holding at least one role; `since` is when they got the first role they still hold. */
export const roleHolder = z.object({
  userId: z.string(),
  username: z.string(),
  roles: z.array(role),
  since: z.string(),
});
export type RoleHolder = z.infer<typeof roleHolder>;
export const roleHoldersResponse = z.object({ holders: z.array(roleHolder), nextCursor: z.string().nullable() });
export type RoleHoldersResponse = z.infer<typeof roleHoldersResponse>;

import { z } from 'zod';
import { roleHoldersQuery, roleHoldersResponse } from '@myworld/schemas';
import { roleHoldersPage, usernamesById, type RolesDb, type UsersDb } from '@myworld/projections';
import { decodeCursor, encodeCursor } from '../../../platform/http/page-cursor.ts';
import { rolesRoute } from '../context.ts';

/** The opaque cursor's content: the last holder's `since` and user id. */
const holdersCursor = z.object({ at: z.iso.datetime({ offset: true }), id: z.string().min(1).max(200) }).strict();

/** Users holding staff roles, newest first, with their usernames (admins only). */
export const listRoleHolders = rolesRoute({
  method: 'GET',
  url: '/api/admin/roles',
  summary: 'Users holding staff roles',
  description: "Paged with `cursor` (the previous answer's `nextCursor`).",
  config: { auth: 'admin', readModel: ['roles', 'users'] },
  schema: { querystring: roleHoldersQuery, response: { 200: roleHoldersResponse } },
  handler: async ({ request, ctx }) => {
    const { limit, cursor } = request.query;
    const key = decodeCursor(holdersCursor, cursor);
    const { holders, next } = await roleHoldersPage(await ctx.readModels.query<RolesDb>('roles'), {
      after: key && { at: new Date(key.at), id: key.id },
      limit,
    });
    const usernames = await usernamesById(
      await ctx.readModels.query<UsersDb>('users'),
      holders.map((h) => h.userId),
    );
    return {
      holders: holders.map((h) => ({
        userId: h.userId,
        username: usernames.get(h.userId) ?? h.userId,
        roles: h.roles,
        since: h.since.toISOString(),
      })),
      nextCursor: next ? encodeCursor({ at: next.at.toISOString(), id: next.id }) : null,
    };
  },
});

import { PLATFORM_MESSAGES, currentUser } from '@myworld/schemas';
import { currentUserById, type UsersDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { accountsRoute } from '../context.ts';

/**
 * The signed-in user, from the users read model (send X-Min-Position after signing in to see the
 * new session's user), with the staff roles the server enforces for them (the RoleDirectory).
 */
export const getCurrentUser = accountsRoute({
  method: 'GET',
  url: '/api/auth/user',
  summary: 'The signed-in user',
  config: { auth: 'user', readModel: 'users' },
  schema: { response: { 200: currentUser } },
  handler: async ({ reply, ctx, userId }) => {
    const user = await currentUserById(await ctx.readModels.query<UsersDb>('users'), userId);
    if (!user) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
    return reply.header('cache-control', 'no-store').send({ ...user, roles: [...(await ctx.roles.rolesOf(userId))] });
  },
});

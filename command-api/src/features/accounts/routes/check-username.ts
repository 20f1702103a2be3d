import { usernameAvailability, usernameParam } from '@myworld/schemas';
import { isUsernameTaken, type UsersDb } from '@myworld/projections';
import { accountsRoute } from '../context.ts';

/** Whether a username is free, from the users read model (the register form asks as you type). */
export const checkUsername = accountsRoute({
  method: 'GET',
  url: '/api/auth/check-username/:username',
  summary: 'Is this username available?',
  config: { auth: 'visitor', readModel: 'users' },
  schema: { params: usernameParam, response: { 200: usernameAvailability } },
  handler: async ({ request, reply, ctx }) => {
    const taken = await isUsernameTaken(await ctx.readModels.query<UsersDb>('users'), request.params.username);
    return reply.header('cache-control', 'no-store').send({ available: !taken });
  },
});

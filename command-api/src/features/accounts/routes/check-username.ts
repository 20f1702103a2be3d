import { usernameAvailability, usernameParam } from '@myworld/schemas';
import { accountsRoute } from '../context.ts';
import { isUsernameReservable } from '@myworld/write-model/accounts';

/**
 * Whether a username is free (the register form asks as you type). The answer comes from the
 * username's reservation stream, which registration itself writes: right after a registration the
 * name is taken, with no read model to wait for.
 */
export const checkUsername = accountsRoute({
  method: 'GET',
  url: '/api/auth/check-username/:username',
  summary: 'Is this username available?',
  config: { auth: 'visitor', readModel: { none: "the username's reservation stream, from the log" } },
  schema: { params: usernameParam, response: { 200: usernameAvailability } },
  handler: async ({ request, reply, ctx }) => {
    const { username } = request.params;
    const available = await isUsernameReservable(ctx.store, username, ctx.config.RESERVATION_ORPHAN_SECONDS * 1000);
    return reply.header('cache-control', 'no-store').send({ available });
  },
});

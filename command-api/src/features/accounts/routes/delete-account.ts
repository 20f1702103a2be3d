import { AUTH_MESSAGES, deleteAccountBody, messageResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { deleteAccount as deleteAccountWithPassword } from '../account-deletion.ts';
import { accountsRoute } from '../context.ts';

/** Deletes the signed-in user's account, confirmed by its password; every session ends. */
export const deleteAccount = accountsRoute({
  method: 'DELETE',
  url: '/api/auth/account',
  summary: 'Delete the own account',
  description:
    'The password confirms it (403 naming `password` when wrong; wrong passwords are throttled like sign-ins, 429 with Retry-After). Every session ends, the email is free at once, the username after 30 days; the personal data in the history becomes unreadable (docs/account-deletion.md). With an Idempotency-Key a retry answers the same.',
  config: { auth: 'user', command: 'DeleteAccount', limit: 'accountChanges' },
  schema: { body: deleteAccountBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { position } = await withRetryAfter(reply, () =>
      deleteAccountWithPassword(
        {
          store: ctx.store,
          loginThrottle: ctx.loginThrottle,
          emailSecret: ctx.config.PERSONAL_DATA_SECRET,
          endSessions: (id) => ctx.sessions.store.destroyAllForUser(id),
          warn: (details, message) => request.log.warn(details, message),
        },
        { userId, password: request.body.password, address: request.ip },
        commandContext(request, userId),
      ),
    );
    await ctx.sessions.signOut(request, reply);
    return replyWithPosition(reply, position, { message: AUTH_MESSAGES.accountDeleted });
  },
});

import { AUTH_MESSAGES, messageResponse, registerBody } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { accountsRoute } from '../context.ts';
import { registerUser } from '../registration.ts';

/** Creates the account, mails the verification link and signs the new user in. */
export const register = accountsRoute({
  method: 'POST',
  url: '/api/auth/register',
  summary: 'Register a new account and sign in',
  description:
    'With an Idempotency-Key a retry finds the first attempt and answers the same, creating one account; the same key with another body is refused with 422.',
  config: { auth: 'visitor', command: 'RegisterUser', limit: 'register' },
  schema: { body: registerBody, response: { 201: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const result = await registerUser(ctx.store, request.body, commandContext(request, null), {
      tokenSecret: ctx.config.TOKEN_SECRET,
      emailSecret: ctx.config.PERSONAL_DATA_SECRET,
      orphanAfterMs: ctx.config.RESERVATION_ORPHAN_SECONDS * 1000,
      passwordHashCost: ctx.config.PASSWORD_HASH_COST,
    });
    // A new session id for the new account (no session fixation); an old one ends.
    if (request.sessionId) await ctx.sessions.store.destroy(request.sessionId);
    await ctx.sessions.signIn(reply, result.userId);
    return replyWithPosition(reply, result.position, { message: AUTH_MESSAGES.registered }, 201);
  },
});

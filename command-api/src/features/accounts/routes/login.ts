import { AUTH_MESSAGES, loginBody, messageResponse } from '@myworld/schemas';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { accountsRoute } from '../context.ts';
import { LIMITS } from '../limits.ts';
import { decoyPasswordHash, verifyPassword } from '../passwords.ts';
import { userIdByEmail } from '../reservation.store.ts';
import { loadUser, runUserCommand } from '../user.store.ts';

/** Signs in with email and password: a new session cookie, `UserSignedIn` recorded. */
export const login = accountsRoute({
  method: 'POST',
  url: '/api/auth/login',
  summary: 'Sign in',
  description: 'A wrong password or an unknown email is the same 401. 5 failures lock the account and 20 the address for 15 minutes (429 with Retry-After).',
  config: { auth: 'visitor', command: 'SignIn' },
  schema: { body: loginBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const { store, limiter } = ctx;
    const body = request.body;
    const accountKey = `login:account:${body.email}`;
    const addressKey = `login:address:${request.ip}`;
    await withRetryAfter(reply, async () => {
      await limiter.assertBelow(accountKey, LIMITS.loginPerAccount);
      await limiter.assertBelow(addressKey, LIMITS.loginPerAddress);
    });

    const userId = await userIdByEmail(store, body.email);
    const user = userId ? await loadUser(store, userId) : null;
    // Unknown emails are checked against a decoy hash so both failures take as long.
    const matches = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    if (!userId || !user?.registered || !matches) {
      await Promise.all([limiter.hit(accountKey, LIMITS.loginPerAccount), limiter.hit(addressKey, LIMITS.loginPerAddress)]);
      throw new DomainError('invalid_credentials', AUTH_MESSAGES.invalidCredentials, 401);
    }
    await limiter.clear(accountKey);

    const result = await runUserCommand(store, userId, { type: 'SignIn', now: new Date() }, commandContext(request, userId));
    // A new session id on every sign-in (no session fixation); the old one ends.
    if (request.sessionId) await ctx.sessions.store.destroy(request.sessionId);
    await ctx.sessions.signIn(reply, userId);
    return replyWithPosition(reply, result.position, { message: `Signed in as ${user.username}` });
  },
});

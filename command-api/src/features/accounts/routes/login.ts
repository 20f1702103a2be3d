import { AUTH_MESSAGES, loginBody, messageResponse } from '@myworld/schemas';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { TooManyAttemptsError, withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { accountsRoute } from '../context.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../passwords.ts';
import { userIdByEmail } from '../reservation.store.ts';
import { loadUser, runUserCommand } from '../user.store.ts';

/** Signs in with email and password: a new session cookie, `UserSignedIn` recorded. */
export const login = accountsRoute({
  method: 'POST',
  url: '/api/auth/login',
  summary: 'Sign in',
  description:
    'A wrong password or an unknown email is the same 401. After 5 failures for one account from one address, that address waits (1 minute, doubling per further failure, at most 15); 20 failures from one address stop it for 15 minutes (429 with Retry-After; all configurable).',
  config: { auth: 'visitor', command: 'SignIn' },
  schema: { body: loginBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const { store, loginThrottle } = ctx;
    const body = request.body;
    // Taking a place and checking the limits is one Redis operation: parallel guesses cannot slip past.
    const refusal = await loginThrottle.begin(body.email, request.ip);
    if (refusal) {
      const message = refusal.refused === 'address' ? AUTH_MESSAGES.tooManyLoginAttemptsFromNetwork : AUTH_MESSAGES.tooManyLoginAttemptsForAccount;
      await withRetryAfter(reply, () => Promise.reject(new TooManyAttemptsError(message, refusal.retryAfterSeconds)));
    }

    let userId: string | null;
    let user: Awaited<ReturnType<typeof loadUser>> | null;
    let matches: boolean;
    try {
      userId = await userIdByEmail(store, ctx.config.PERSONAL_DATA_SECRET, body.email);
      user = userId ? await loadUser(store, userId) : null;
      // Unknown emails are checked against a decoy hash so both failures take as long.
      matches = await verifyPassword(body.password, user?.passwordHash ?? (await decoyPasswordHash()));
    } catch (error) {
      await loginThrottle.abandon(body.email, request.ip).catch(() => undefined);
      throw error;
    }
    if (!userId || !user?.registered || !matches) {
      await loginThrottle.fail(body.email, request.ip);
      throw new DomainError('invalid_credentials', AUTH_MESSAGES.invalidCredentials, 401);
    }
    await loginThrottle.succeed(body.email, request.ip);

    // The password is known good: a hash made with older parameters is replaced by one made with today's.
    const verifiedHash = user.passwordHash;
    const rehash = verifiedHash && needsRehash(verifiedHash) ? { verifiedHash, passwordHash: await hashPassword(body.password) } : undefined;
    const result = await runUserCommand(store, userId, { type: 'SignIn', now: new Date(), rehash }, commandContext(request, userId));
    // A new session id on every sign-in (no session fixation); the old one ends.
    if (request.sessionId) await ctx.sessions.store.destroy(request.sessionId);
    await ctx.sessions.signIn(reply, userId);
    return replyWithPosition(reply, result.position, { message: `Signed in as ${user.username}` });
  },
});

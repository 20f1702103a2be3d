import { AUTH_MESSAGES, loginBody, messageResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext, eventMetadata } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { TooManyAttemptsError, withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { accountsRoute } from '../context.ts';
import { isKnownDevice, rememberDevice } from '../known-devices.ts';
import { decoyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../passwords.ts';
import { recordSignInLock } from '../sign-in-lock.ts';
import { userIdByEmail, loadUser, runUserCommand } from '@myworld/write-model/accounts';

/** Signs in with email and password: a new session cookie, `UserSignedIn` recorded. */
export const login = accountsRoute({
  method: 'POST',
  url: '/api/auth/login',
  summary: 'Sign in',
  description:
    'A wrong password or an unknown email is the same 401. After 5 failures for one account from one address, that address waits (1 minute, doubling per further failure, at most 15); 20 failures from one address stop it for 15 minutes; 20 failures of one account from all addresses in an hour lock it for devices that never signed in to it (429 with Retry-After, no password check), while a device that did (its device cookie) still signs in and the owner is mailed (all configurable).',
  config: {
    auth: 'visitor',
    command: 'SignIn',
    limit: {
      none: 'sign-in attempts are limited by LoginThrottle: failures per account and address, and per address (LOGIN_*, RATE_LIMIT_LOGIN_ADDRESS)',
    },
  },
  schema: { body: loginBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const { store, loginThrottle } = ctx;
    const body = request.body;
    // Found before any limit: only a device that signed in to this very account passes its lock.
    const userId = await userIdByEmail(store, ctx.config.PERSONAL_DATA_SECRET, body.email);
    const knownDevice = isKnownDevice(request, ctx.config.TOKEN_SECRET, userId);
    // Taking a place and checking the limits is one Redis operation: parallel guesses cannot slip past.
    const refusal = await loginThrottle.begin(body.email, request.ip, { knownDevice });
    if (refusal) {
      const message =
        refusal.refused === 'address'
          ? AUTH_MESSAGES.tooManyLoginAttemptsFromNetwork
          : refusal.refused === 'locked'
            ? AUTH_MESSAGES.tooManyLoginAttemptsForNewDevices
            : AUTH_MESSAGES.tooManyLoginAttemptsForAccount;
      await withRetryAfter(reply, () => Promise.reject(new TooManyAttemptsError(message, refusal.retryAfterSeconds)));
    }

    let user: Awaited<ReturnType<typeof loadUser>> | null;
    let matches: boolean;
    try {
      user = userId ? await loadUser(store, userId) : null;
      // Unknown emails are checked against a decoy hash so both failures take as long.
      matches = await verifyPassword(
        body.password,
        user?.passwordHash ?? (await decoyPasswordHash(ctx.config.PASSWORD_HASH_COST)),
      );
    } catch (error) {
      await loginThrottle.abandon(body.email, request.ip).catch(() => undefined);
      throw error;
    }
    if (!userId || !user?.registered || !matches) {
      const { lockNotice } = await loginThrottle.fail(body.email, request.ip);
      // The budget is used up: record it once, and the workers tell the owner (never mailed from the request).
      if (lockNotice && userId && user?.registered && user.email) {
        const lock = {
          userId,
          email: user.email,
          failedAttempts: ctx.config.RATE_LIMIT_LOGIN_ACCOUNT.max,
          lockedForSeconds: lockNotice.lockedForSeconds,
          now: new Date(),
        };
        await recordSignInLock(store, lock, eventMetadata(request, null)).catch((error: unknown) =>
          request.log.warn({ err: error, userId }, 'sign-in lock not recorded'),
        );
      }
      throw new DomainError('invalid_credentials', AUTH_MESSAGES.invalidCredentials, 401);
    }
    await loginThrottle.succeed(body.email, request.ip);

    // The password is known good: a hash made with older parameters is replaced by one made with today's.
    const verifiedHash = user.passwordHash;
    const rehash =
      verifiedHash && needsRehash(verifiedHash, ctx.config.PASSWORD_HASH_COST)
        ? { verifiedHash, passwordHash: await hashPassword(body.password, ctx.config.PASSWORD_HASH_COST) }
        : undefined;
    const result = await runUserCommand(
      store,
      userId,
      { type: 'SignIn', now: new Date(), rehash },
      commandContext(request, userId),
    );
    // A new session id on every sign-in (no session fixation); the old one ends.
    if (request.sessionId) await ctx.sessions.store.destroy(request.sessionId);
    await ctx.sessions.signIn(reply, userId);
    rememberDevice(request, reply, ctx.config.TOKEN_SECRET, userId, ctx.config.PUBLIC_URL.startsWith('https:'));
    return replyWithPosition(reply, result.position, { message: `Signed in as ${user.username}` });
  },
});

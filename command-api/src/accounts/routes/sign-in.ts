import type { FastifyInstance } from 'fastify';
import { loginBody } from '@myworld/schemas';
import { commandContext } from '../../http/command-context.ts';
import { replyWithPosition } from '../../http/command-reply.ts';
import { parseInput } from '../../http/validation.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { LIMITS } from '../attempt-limiter.ts';
import { decoyPasswordHash, verifyPassword } from '../passwords.ts';
import { loadUser, runUserCommand, userIdByEmail } from '../user-streams.ts';
import { waitForUsersModel, withRetryAfter, type AccountsDeps } from '../accounts-deps.ts';

const BAD_CREDENTIALS = 'Invalid email or password.';

/** POST /api/auth/login and POST /api/auth/logout. */
export function registerSignInRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const { store } = deps.services;
  const { limiter } = deps;

  app.post('/api/auth/login', { config: { command: 'SignIn' } }, async (request, reply) => {
    const body = parseInput(loginBody, request.body);
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
      throw new DomainError('invalid_credentials', BAD_CREDENTIALS, 401);
    }
    await limiter.clear(accountKey);

    const result = await runUserCommand(store, userId, { type: 'SignIn', now: new Date().toISOString() }, commandContext(request, userId));
    // A new session id on every sign-in (no session fixation); the old one ends.
    if (request.sessionId) await deps.sessions.store.destroy(request.sessionId);
    await deps.sessions.signIn(reply, userId);
    await waitForUsersModel(deps, result.position);
    return replyWithPosition(reply, result.position, { message: `Signed in as ${user.username}` });
  });

  app.post('/api/auth/logout', { config: { command: 'SignOut' } }, async (request, reply) => {
    const userId = request.userId;
    const signOut = userId ? runUserCommand(store, userId, { type: 'SignOut', now: new Date().toISOString() }, commandContext(request, userId)) : null;
    // A session whose account is unknown is still ended.
    const result = await signOut?.catch((error: unknown) => (error instanceof DomainError && error.code === 'user_not_found' ? null : Promise.reject(error)));
    await deps.sessions.signOut(request, reply);
    return replyWithPosition(reply, result?.position ?? null, { message: 'Logged out successfully' });
  });
}

import type { FastifyInstance } from 'fastify';
import { RESET_TOKEN_TTL_MS, forgotPasswordBody, resetPasswordBody } from '@myworld/schemas';
import { hashToken, userIdOfToken } from '@myworld/schemas/accounts-tokens';
import { commandContext } from '../../http/command-context.ts';
import { replyWithPosition } from '../../http/command-reply.ts';
import { parseInput } from '../../http/validation.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { LIMITS } from '../attempt-limiter.ts';
import { hashPassword } from '../passwords.ts';
import { issueToken } from '../tokens.ts';
import { RESET_TOKEN_MESSAGES } from '../user.decider.ts';
import { runUserCommand, userIdByEmail } from '../user-streams.ts';
import type { AccountsDeps } from '../accounts-deps.ts';

export const FORGOT_PASSWORD_MESSAGE = 'If an account exists for this email, a password reset link is on its way. Please check your spam folder too.';

/** POST /api/auth/forgot-password and POST /api/auth/reset-password. */
export function registerPasswordResetRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const { store, config } = deps.services;

  app.post('/api/auth/forgot-password', { config: { command: 'RequestPasswordReset' } }, async (request, reply) => {
    const { email } = parseInput(forgotPasswordBody, request.body);
    // The same answer, status and timing for every address: reply first, then do the work, so
    // nobody can tell from the response whether the address has an account.
    await reply.send({ message: FORGOT_PASSWORD_MESSAGE });
    try {
      const userId = await userIdByEmail(store, email);
      if (!userId) return reply;
      // A quiet cap so the form cannot be used to flood someone's inbox.
      if ((await deps.limiter.hit(`reset-emails:${userId}`, LIMITS.resetEmailsPerAccount)) > LIMITS.resetEmailsPerAccount.max) return reply;
      const reset = issueToken(config.TOKEN_SECRET, userId, RESET_TOKEN_TTL_MS, new Date());
      await runUserCommand(store, userId, { type: 'RequestPasswordReset', reset }, commandContext(request, null));
    } catch (error) {
      request.log.error({ err: error }, 'password reset request failed');
    }
    return reply;
  });

  app.post('/api/auth/reset-password', { config: { command: 'ResetPassword' } }, async (request, reply) => {
    const { token, password } = parseInput(resetPasswordBody, request.body);
    const userId = userIdOfToken(token);
    if (!userId) throw new DomainError('invalid_reset_token', RESET_TOKEN_MESSAGES.invalid, 400, 'token');
    const passwordHash = await hashPassword(password);
    const result = await runUserCommand(store, userId, { type: 'ResetPassword', tokenHash: hashToken(token), passwordHash, now: new Date().toISOString() }, commandContext(request, userId)).catch(
      (error: unknown) => {
        if (error instanceof DomainError && error.code === 'user_not_found') throw new DomainError('invalid_reset_token', RESET_TOKEN_MESSAGES.invalid, 400, 'token');
        throw error;
      },
    );
    // Whoever knew the old password is signed out everywhere; the owner signs in afresh.
    await deps.sessions.store.destroyAllForUser(userId);
    if (result.state.email) await deps.limiter.clear(`login:account:${result.state.email}`);
    return replyWithPosition(reply, result.position, { message: 'Your password has been reset. Please sign in with your new password.' });
  });
}

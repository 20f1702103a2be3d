import { AUTH_MESSAGES, messageResponse, resetPasswordBody } from '@myworld/schemas';
import { hashToken, userIdOfToken } from '@myworld/schemas/server';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { accountsRoute } from '../context.ts';
import { hashPassword } from '../passwords.ts';
import { loadUser, runUserCommand } from '@myworld/write-model/accounts';

/** Sets a new password with the emailed token (once, within an hour) and signs the account out everywhere. */
export const resetPassword = accountsRoute({
  method: 'POST',
  url: '/api/auth/reset-password',
  summary: 'Reset the password with an emailed token',
  description: '400 for an unknown or used token, 410 for one older than an hour.',
  config: { auth: 'visitor', command: 'ResetPassword', limit: 'resetPassword' },
  schema: { body: resetPasswordBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const { token, password } = request.body;
    const invalidToken = () => new DomainError('invalid_reset_token', AUTH_MESSAGES.missingToken, 400, 'token');
    const userId = userIdOfToken(token);
    if (!userId) throw invalidToken();
    // Nothing is hashed for a token the account does not hold (hashing costs 128 MiB and a few hundred ms).
    const tokenHash = hashToken(token);
    const user = await loadUser(ctx.store, userId);
    if (!user.registered || !user.pendingResets.some((pending) => pending.tokenHash === tokenHash))
      throw invalidToken();
    const passwordHash = await hashPassword(password, ctx.config.PASSWORD_HASH_COST);
    const result = await runUserCommand(
      ctx.store,
      userId,
      { type: 'ResetPassword', tokenHash, passwordHash, now: new Date() },
      commandContext(request, userId),
    ).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'user_not_found' ? invalidToken() : error;
    });
    // Whoever knew the old password is signed out everywhere; the owner signs in afresh.
    await ctx.sessions.store.destroyAllForUser(userId);
    if (result.state.email) await ctx.loginThrottle.clearAccount(result.state.email);
    return replyWithPosition(reply, result.position, { message: AUTH_MESSAGES.passwordResetDone });
  },
});

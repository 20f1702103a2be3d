import { AUTH_MESSAGES, RESET_TOKEN_TTL_MS, forgotPasswordBody, messageResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { accountsRoute } from '../context.ts';
import { LIMITS } from '../limits.ts';
import { userIdByEmail, runUserCommand } from '@myworld/write-model/accounts';
import { issueToken } from '../tokens.ts';

/** Mails a password reset link to the address if it has an account; the answer never says whether it does. */
export const forgotPassword = accountsRoute({
  method: 'POST',
  url: '/api/auth/forgot-password',
  summary: 'Ask for a password reset link',
  description: 'The same answer, status and timing for every address. No position: nothing visible changes.',
  config: { auth: 'visitor', command: 'RequestPasswordReset', limit: 'forgotPassword' },
  schema: { body: forgotPasswordBody, response: { 200: messageResponse } },
  handler: async ({ request, reply, ctx }) => {
    const { email } = request.body;
    // Reply first, then do the work, so nobody can tell from the response whether the address has an account.
    await reply.send({ message: AUTH_MESSAGES.forgotPasswordSent });
    try {
      const userId = await userIdByEmail(ctx.store, ctx.config.PERSONAL_DATA_SECRET, email);
      if (!userId) return reply;
      // A quiet cap so the form cannot be used to flood someone's inbox.
      if (
        (await ctx.limiter.hit(`reset-emails:${userId}`, LIMITS.resetEmailsPerAccount)) >
        LIMITS.resetEmailsPerAccount.max
      )
        return reply;
      const reset = issueToken(ctx.config.TOKEN_SECRET, userId, RESET_TOKEN_TTL_MS, new Date());
      await runUserCommand(ctx.store, userId, { type: 'RequestPasswordReset', reset }, commandContext(request, null));
    } catch (error) {
      request.log.error({ err: error }, 'password reset request failed');
    }
    return reply;
  },
});

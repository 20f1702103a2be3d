import { VERIFICATION_TOKEN_TTL_MS, messageResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { accountsRoute } from '../context.ts';
import { LIMITS } from '../limits.ts';
import { issueToken } from '../tokens.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Mails the signed-in user a new verification link (at most 5 an hour). */
export const resendVerification = accountsRoute({
  method: 'POST',
  url: '/api/auth/resend-verification',
  summary: 'Send a new verification link',
  description: '409 once the email is verified; 429 after 5 requests in an hour.',
  config: { auth: 'user', command: 'RequestEmailVerification', limit: 'resendVerification' },
  schema: { body: noBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const limitKey = `verification-emails:${userId}`;
    // Taken before the command and given back when no email goes out, so parallel requests cannot pass the cap.
    await withRetryAfter(reply, () => ctx.limiter.take(limitKey, LIMITS.verificationEmailsPerAccount));
    const verification = issueToken(ctx.config.TOKEN_SECRET, userId, VERIFICATION_TOKEN_TTL_MS, new Date());
    const result = await runUserCommand(
      ctx.store,
      userId,
      { type: 'RequestVerification', verification },
      commandContext(request, userId),
    ).catch(async (error: unknown) => {
      await ctx.limiter.giveBack(limitKey);
      throw error;
    });
    if (!result.appended) await ctx.limiter.giveBack(limitKey);
    const email = result.state.email ?? 'your email address';
    return replyWithPosition(reply, result.position, { message: `A new verification link is on its way to ${email}.` });
  },
});

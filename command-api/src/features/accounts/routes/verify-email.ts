import { z } from 'zod';
import { POSITION_HEADERS, formatPosition } from '@myworld/schemas';
import { hashToken, userIdOfToken } from '@myworld/schemas/server';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { accountsRoute } from '../context.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Where a verification link lands: the landing page shows a notice for each. */
export const VERIFY_EMAIL_LANDING = {
  verified: '/?verified=true',
  invalid: '/?error=invalid-token',
  expired: '/?error=expired-token',
  failed: '/?error=verification-failed',
} as const;

/** Any query is accepted: a link that is not a token lands on the "invalid link" page, never on a 400. */
const verifyEmailQuery = z.object({
  token: z.string().max(200).optional().catch(undefined).describe('The token from the emailed link.'),
});

/** The emailed verification link: verifies the email once, then redirects to the landing page with the outcome. */
export const verifyEmail = accountsRoute({
  method: 'GET',
  url: '/api/auth/verify-email',
  summary: 'Verify an email address (the emailed link)',
  description: `Redirects to ${Object.values(VERIFY_EMAIL_LANDING).join(', ')}. The redirect carries X-Position when the email was verified.`,
  config: { auth: 'visitor', command: 'VerifyEmail', readModel: { none: 'a command reached by a link' } },
  schema: { querystring: verifyEmailQuery, response: { 302: z.null().describe('A redirect to the landing page') } },
  handler: async ({ request, reply, ctx }) => {
    const { token } = request.query;
    const userId = token ? userIdOfToken(token) : null;
    if (!token || !userId) return reply.redirect(VERIFY_EMAIL_LANDING.invalid);
    try {
      const result = await runUserCommand(
        ctx.store,
        userId,
        { type: 'VerifyEmail', tokenHash: hashToken(token), now: new Date() },
        commandContext(request, userId),
      );
      if (result.position) reply.header(POSITION_HEADERS.position, formatPosition(result.position));
      return reply.redirect(VERIFY_EMAIL_LANDING.verified);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'invalid_token' || error.code === 'user_not_found'))
        return reply.redirect(VERIFY_EMAIL_LANDING.invalid);
      if (error instanceof DomainError && error.code === 'expired_token')
        return reply.redirect(VERIFY_EMAIL_LANDING.expired);
      request.log.error({ err: error }, 'email verification failed');
      return reply.redirect(VERIFY_EMAIL_LANDING.failed);
    }
  },
});

import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VERIFICATION_TOKEN_TTL_MS } from '@myworld/schemas';
import { hashToken, userIdOfToken } from '@myworld/schemas/accounts-tokens';
import { commandContext } from '../../http/command-context.ts';
import { replyWithPosition } from '../../http/command-reply.ts';
import { DomainError } from '../../commands/domain-error.ts';
import { requireUserId } from '../../sessions/current-user.ts';
import { LIMITS } from '../attempt-limiter.ts';
import { issueToken } from '../tokens.ts';
import { runUserCommand } from '../user-streams.ts';
import { waitForUsersModel, withRetryAfter, type AccountsDeps } from '../accounts-deps.ts';

const verifyQuery = z.object({ token: z.string().max(200).optional() });

/** Where a verification link lands: the landing page reads these (spec §2, §8). */
const LANDING = {
  verified: '/?verified=true',
  invalid: '/?error=invalid-token',
  expired: '/?error=expired-token',
  failed: '/?error=verification-failed',
} as const;

/** GET /api/auth/verify-email?token=… (the emailed link) and POST /api/auth/resend-verification. */
export function registerEmailVerificationRoutes(app: FastifyInstance, deps: AccountsDeps): void {
  const { store, config } = deps.services;

  app.get('/api/auth/verify-email', { config: { command: 'VerifyEmail' } }, async (request, reply) => {
    const parsed = verifyQuery.safeParse(request.query);
    const token = parsed.success ? parsed.data.token : undefined;
    const userId = token ? userIdOfToken(token) : null;
    if (!token || !userId) return reply.redirect(LANDING.invalid);
    try {
      const result = await runUserCommand(store, userId, { type: 'VerifyEmail', tokenHash: hashToken(token), now: new Date().toISOString() }, commandContext(request, userId));
      await waitForUsersModel(deps, result.position);
      return reply.redirect(LANDING.verified);
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'invalid_token' || error.code === 'user_not_found')) return reply.redirect(LANDING.invalid);
      if (error instanceof DomainError && error.code === 'expired_token') return reply.redirect(LANDING.expired);
      request.log.error({ err: error }, 'email verification failed');
      return reply.redirect(LANDING.failed);
    }
  });

  app.post('/api/auth/resend-verification', { config: { command: 'RequestEmailVerification' } }, async (request, reply) => {
    const userId = requireUserId(request);
    await withRetryAfter(reply, () => deps.limiter.assertBelow(`verification-emails:${userId}`, LIMITS.verificationEmailsPerAccount));
    const verification = issueToken(config.TOKEN_SECRET, userId, VERIFICATION_TOKEN_TTL_MS, new Date());
    const result = await runUserCommand(store, userId, { type: 'RequestVerification', verification }, commandContext(request, userId));
    if (result.appended) await deps.limiter.hit(`verification-emails:${userId}`, LIMITS.verificationEmailsPerAccount);
    const email = result.state.email ?? 'your email address';
    return replyWithPosition(reply, result.position, { message: `A new verification link is on its way to ${email}.` });
  });
}

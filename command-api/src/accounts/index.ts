import type { FastifyInstance } from 'fastify';
import type { ApiServices } from '../services.ts';
import type { Sessions } from '../sessions/current-user.ts';
import { registerDevOutbox } from '../dev/outbox-page.ts';
import { AttemptLimiter } from './attempt-limiter.ts';
import type { AccountsDeps } from './accounts-deps.ts';
import { registerRegisterRoute } from './routes/register.ts';
import { registerSignInRoutes } from './routes/sign-in.ts';
import { registerCurrentUserRoutes } from './routes/current-user.ts';
import { registerEmailVerificationRoutes } from './routes/email-verification.ts';
import { registerPasswordResetRoutes } from './routes/password-reset.ts';
import { registerPrivacyRoute } from './routes/privacy.ts';

/**
 * The accounts feature: registration, email verification, sign-in/out, password reset, privacy.
 * Also, in development, the /dev/outbox page where emails land when no SMTP server is configured.
 */
export function registerAccounts(app: FastifyInstance, services: ApiServices, sessions: Sessions): void {
  const deps: AccountsDeps = { services, sessions, limiter: new AttemptLimiter(services.redis) };
  registerRegisterRoute(app, deps);
  registerSignInRoutes(app, deps);
  registerCurrentUserRoutes(app, deps);
  registerEmailVerificationRoutes(app, deps);
  registerPasswordResetRoutes(app, deps);
  registerPrivacyRoute(app, deps);
  registerDevOutbox(app, services.config);
}

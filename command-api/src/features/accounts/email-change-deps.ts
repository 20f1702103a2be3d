import type { FastifyBaseLogger } from 'fastify';
import type { AccountsContext } from './context.ts';
import type { EmailChangeDeps } from './email-change.ts';

/** The email change's dependencies from the accounts context, logging through the request. */
export function emailChangeDeps(ctx: AccountsContext, log: FastifyBaseLogger): EmailChangeDeps {
  return {
    store: ctx.store,
    loginThrottle: ctx.loginThrottle,
    limiter: ctx.limiter,
    tokenSecret: ctx.config.TOKEN_SECRET,
    emailSecret: ctx.config.PERSONAL_DATA_SECRET,
    orphanAfterMs: ctx.config.RESERVATION_ORPHAN_SECONDS * 1000,
    warn: (details, message) => log.warn(details, message),
  };
}

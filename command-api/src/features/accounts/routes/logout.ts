import { AUTH_MESSAGES, messageResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { accountsRoute } from '../context.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Ends the session (and records `UserSignedOut`); a visitor's call succeeds too. */
export const logout = accountsRoute({
  method: 'POST',
  url: '/api/auth/logout',
  summary: 'Sign out',
  config: {
    auth: 'visitor',
    command: 'SignOut',
    limit: { none: 'it only ends the session of the caller, and refusing it would keep that session open' },
  },
  schema: { body: noBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const signOut = userId
      ? runUserCommand(ctx.store, userId, { type: 'SignOut', now: new Date() }, commandContext(request, userId))
      : null;
    // A session whose account is unknown is still ended.
    const result = await signOut?.catch((error: unknown) =>
      error instanceof DomainError && error.code === 'user_not_found' ? null : Promise.reject(error),
    );
    await ctx.sessions.signOut(request, reply);
    return replyWithPosition(reply, result?.position ?? null, { message: AUTH_MESSAGES.loggedOut });
  },
});

import { AUTH_MESSAGES, changeEmailBody, messageResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { withRetryAfter } from '../../../platform/rate-limits/attempt-limiter.ts';
import { accountsRoute } from '../context.ts';
import { emailChangeDeps } from '../email-change-deps.ts';
import { requestEmailChange as requestWithPassword } from '../email-change.ts';

/** Asks to move the signed-in user's account to a new email; a link mailed there confirms it. */
export const requestEmailChange = accountsRoute({
  method: 'POST',
  url: '/api/auth/email-change',
  summary: 'Ask to change the own email address',
  description:
    'The password confirms it, and is checked before anything is said about the new address (403 naming `password` when wrong, whatever the address; wrong passwords are throttled like sign-ins, 429 with Retry-After). 400 naming `newEmail` for an invalid address or the current one, 409 naming it when another account uses it (right password only), 429 after 10 attempts of any outcome or 5 confirmed requests in an hour. Nothing changes until the link mailed to the new address is followed (POST /api/auth/email-change/confirm); a newer request replaces an older one.',
  config: { auth: 'user', command: 'RequestEmailChange', limit: 'accountChanges' },
  schema: { body: changeEmailBody, response: { 200: withPosition(messageResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { position } = await withRetryAfter(reply, () =>
      requestWithPassword(
        emailChangeDeps(ctx, request.log),
        { userId, newEmail: request.body.newEmail, password: request.body.password, address: request.ip },
        commandContext(request, userId),
      ),
    );
    return replyWithPosition(reply, position, { message: AUTH_MESSAGES.emailChangeSent });
  },
});

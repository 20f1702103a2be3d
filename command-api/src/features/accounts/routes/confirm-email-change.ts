import { AUTH_MESSAGES, confirmEmailChangeBody, emailChangedResponse } from '@myworld/schemas';
import { userIdOfToken } from '@myworld/schemas/server';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { accountsRoute } from '../context.ts';
import { emailChangeDeps } from '../email-change-deps.ts';
import { confirmEmailChange as confirmWithToken } from '../email-change.ts';

/** The link mailed to the new address: the account uses that address from now on. */
export const confirmEmailChange = accountsRoute({
  method: 'POST',
  url: '/api/auth/email-change/confirm',
  summary: 'Confirm an email change (the link mailed to the new address)',
  description:
    'The token is the authority, so anyone holding the link may send it (the web page /confirm-email-change does). 400 naming `token` for an unknown or used link, 410 for one older than 24 hours, 409 when another account took the address meanwhile. The old address is released; sessions stay.',
  config: { auth: 'visitor', command: 'ConfirmEmailChange', limit: 'accountChanges' },
  schema: { body: confirmEmailChangeBody, response: { 200: withPosition(emailChangedResponse) } },
  handler: async ({ request, reply, ctx }) => {
    const { token } = request.body;
    const result = await confirmWithToken(
      emailChangeDeps(ctx, request.log),
      token,
      commandContext(request, userIdOfToken(token)),
    );
    return replyWithPosition(reply, result.position, { message: AUTH_MESSAGES.emailChanged, email: result.email });
  },
});

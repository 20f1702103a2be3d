import { AUTH_MESSAGES, privacySettingsBody, privacySettingsResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { accountsRoute } from '../context.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Changes hideEngagement and/or hideActivity; nothing is recorded (position null) when nothing changes. */
export const changePrivacy = accountsRoute({
  method: 'PATCH',
  url: '/api/users/privacy',
  summary: 'Change privacy settings',
  config: { auth: 'user', command: 'ChangePrivacy', limit: 'profileEdits' },
  schema: { body: privacySettingsBody, response: { 200: withPosition(privacySettingsResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await runUserCommand(
      ctx.store,
      userId,
      { type: 'ChangePrivacy', ...request.body },
      commandContext(request, userId),
    );
    const { hideEngagement, hideActivity } = result.state;
    return replyWithPosition(reply, result.position, {
      message: AUTH_MESSAGES.privacyUpdated,
      hideEngagement,
      hideActivity,
    });
  },
});

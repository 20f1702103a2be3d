import { customizeProfileBody, customizedProfile } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { accountsRoute } from '../context.ts';
import { profileImageValue } from '../profile-media.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/**
 * Saves the Customize Profile modal: colours, About Me, and the picture and background (uploaded
 * images the caller owns, checked as media; or a background gradient of the safe grammar).
 * Answers the profile as saved; the read model follows (send the position as X-Min-Position).
 */
export const customizeProfile = accountsRoute({
  method: 'PUT',
  url: '/api/profile/customize',
  summary: 'Customize the own profile',
  config: { auth: 'user', command: 'CustomizeProfile', limit: 'profileEdits' },
  schema: { body: customizeProfileBody, response: { 200: withPosition(customizedProfile) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    const body = request.body;
    const changes = {
      aboutMe: body.aboutMe,
      backgroundColor: body.backgroundColor,
      textColor: body.textColor,
      profileImageUrl: await profileImageValue(ctx, body.profileImageUrl, {
        ownerId: userId,
        purpose: 'profile_picture',
        field: 'profileImageUrl',
        context,
      }),
      backgroundImageUrl: await profileImageValue(ctx, body.backgroundImageUrl, {
        ownerId: userId,
        purpose: 'profile_background',
        field: 'backgroundImageUrl',
        context,
      }),
    };
    const result = await runUserCommand(ctx.store, userId, { type: 'CustomizeProfile', changes }, context);
    return replyWithPosition(reply, result.position, { ...result.state.profile });
  },
});

import { objectPathResponse, profileBackgroundBody } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { attachUpload } from '../../media/attach-upload.ts';
import { accountsRoute } from '../context.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Makes an upload the profile's background image: checked and attached as media (image, 5 MB at most), then set. */
export const setProfileBackground = accountsRoute({
  method: 'PUT',
  url: '/api/profile/background',
  summary: 'Set the profile background from an upload',
  description:
    "400 naming backgroundImageURL when the upload is not the caller's, is missing, is over 5 MB or is not an image (by its bytes); a refused file is deleted.",
  config: { auth: 'user', command: 'CustomizeProfile', limit: 'profileEdits' },
  schema: { body: profileBackgroundBody, response: { 200: withPosition(objectPathResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    const { objectPath } = await attachUpload(ctx, {
      ownerId: userId,
      address: request.body.backgroundImageURL,
      purpose: 'profile_background',
      field: 'backgroundImageURL',
      context,
    });
    const result = await runUserCommand(
      ctx.store,
      userId,
      { type: 'CustomizeProfile', changes: { backgroundImageUrl: objectPath } },
      context,
    );
    return replyWithPosition(reply, result.position, { objectPath });
  },
});

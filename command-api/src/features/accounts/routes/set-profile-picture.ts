import { objectPathResponse, profilePictureBody } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { attachUpload } from '../../media/attach-upload.ts';
import { accountsRoute } from '../context.ts';
import { runUserCommand } from '@myworld/write-model/accounts';

/** Makes an upload the profile picture: checked and attached as media (image, 10 MB at most), then set. */
export const setProfilePicture = accountsRoute({
  method: 'PUT',
  url: '/api/profile/picture',
  summary: 'Set the profile picture from an upload',
  description:
    "400 naming profileImageURL when the upload is not the caller's, is missing, is over 10 MB or is not an image (by its bytes); a refused file is deleted.",
  config: { auth: 'user', command: 'CustomizeProfile', limit: 'profileEdits' },
  schema: { body: profilePictureBody, response: { 200: withPosition(objectPathResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const context = commandContext(request, userId);
    const { objectPath } = await attachUpload(ctx, {
      ownerId: userId,
      address: request.body.profileImageURL,
      purpose: 'profile_picture',
      field: 'profileImageURL',
      context,
    });
    const result = await runUserCommand(
      ctx.store,
      userId,
      { type: 'CustomizeProfile', changes: { profileImageUrl: objectPath } },
      context,
    );
    return replyWithPosition(reply, result.position, { objectPath });
  },
});

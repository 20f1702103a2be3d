import { FOLLOW_MESSAGES, followResponse, followeeParam } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { followsRoute } from '../context.ts';
import { userExists } from '../../accounts/user-exists.ts';
import { runFollowsCommand } from '@myworld/write-model/follows';

/** Follows a user; following again records nothing. Not yourself (400), not an unknown user (404). */
export const followUser = followsRoute({
  method: 'POST',
  url: '/api/users/:id/follow',
  summary: 'Follow a user',
  config: { auth: 'user', command: 'Follow', limit: 'follows' },
  schema: { params: followeeParam, body: noBody, response: { 200: withPosition(followResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const followeeId = request.params.id;
    if (followeeId !== userId && !(await userExists(ctx.store, followeeId)))
      throw new DomainError('not_found', FOLLOW_MESSAGES.userNotFound, 404, 'id');
    const result = await runFollowsCommand(
      ctx.store,
      { type: 'Follow', followerId: userId, followeeId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { following: result.state.following.has(followeeId) });
  },
});

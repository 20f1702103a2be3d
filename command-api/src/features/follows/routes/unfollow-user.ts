import { followResponse, followeeParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { followsRoute } from '../context.ts';
import { runFollowsCommand } from '@myworld/write-model/follows';

/** Stops following a user; not following them already records nothing. */
export const unfollowUser = followsRoute({
  method: 'DELETE',
  url: '/api/users/:id/follow',
  summary: 'Unfollow a user',
  config: { auth: 'user', command: 'Unfollow', limit: 'follows' },
  schema: { params: followeeParam, response: { 200: withPosition(followResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const followeeId = request.params.id;
    const result = await runFollowsCommand(
      ctx.store,
      { type: 'Unfollow', followerId: userId, followeeId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { following: result.state.following.has(followeeId) });
  },
});

import { postDeletedResponse, postIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { postsRoute } from '../context.ts';
import { runPostCommand } from '@myworld/write-model/posts';

/** Deletes a post: its author only (403 for anyone else, 404 for an unknown or deleted post). */
export const deletePost = postsRoute({
  method: 'DELETE',
  url: '/api/posts/:id',
  summary: 'Delete a post',
  config: { auth: 'user', command: 'DeletePost', limit: 'otherWrites' },
  schema: { params: postIdParam, response: { 200: withPosition(postDeletedResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await runPostCommand(
      ctx.store,
      request.params.id,
      { type: 'DeletePost', userId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { deleted: true as const });
  },
});

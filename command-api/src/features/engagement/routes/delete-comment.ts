import { commentDeletedResponse, commentParams } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { runCommentCommand, livePost } from '@myworld/write-model/engagement';
import { engagementRoute } from '../context.ts';

/** Deletes a comment: its writer only (403 for anyone else); 404 for an unknown comment or a deleted post. */
export const deleteComment = engagementRoute({
  method: 'DELETE',
  url: '/api/posts/:id/comments/:commentId',
  summary: 'Delete a comment',
  description:
    'Only its writer deletes a comment (403). 404 "Post not found" for an unknown or deleted post, 404 "Comment not found" for a comment that is not on that post or already deleted.',
  config: { auth: 'user', command: 'DeleteComment', limit: 'otherWrites' },
  schema: { params: commentParams, response: { 200: withPosition(commentDeletedResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { id: postId, commentId } = request.params;
    // Taking one's own words back stays possible while the post is hidden pending review.
    await livePost(ctx.store, postId, 'id', { evenHidden: true });
    const result = await runCommentCommand(
      ctx.store,
      commentId,
      { type: 'DeleteComment', postId, userId, now: new Date() },
      commandContext(request, userId),
    );
    return replyWithPosition(reply, result.position, { deleted: true as const });
  },
});

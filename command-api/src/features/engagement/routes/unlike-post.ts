import { likeResponse, postIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { engagementRoute } from '../context.ts';
import { setLike } from '@myworld/write-model/engagement';
import { countsWithLike, visibleLikeCount } from '../post-counts.ts';

/** Takes a like back (not liking it already records nothing); answers the count without this like, with no read-model wait. */
export const unlikePost = engagementRoute({
  method: 'DELETE',
  url: '/api/posts/:id/like',
  summary: 'Unlike a post',
  description:
    '404 "Post not found" for an unknown, deleted or removed post, or one hidden by moderation. likeCount as for liking.',
  config: { auth: 'user', command: 'UnlikePost', limit: 'likes' },
  schema: { params: postIdParam, response: { 200: withPosition(likeResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await setLike(ctx, {
      postId: request.params.id,
      userId,
      like: false,
      context: commandContext(request, userId),
    });
    const counts = await countsWithLike(ctx, result.post, userId, result.state.liked);
    return replyWithPosition(reply, result.position, {
      liked: result.state.liked,
      ...visibleLikeCount(counts, userId),
    });
  },
});

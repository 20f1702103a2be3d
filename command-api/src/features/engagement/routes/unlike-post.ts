import { likeResponse, postIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { engagementRoute } from '../context.ts';
import { setLike } from '@myworld/write-model/engagement';
import { countsWithLike, likeTargetAndCounts, visibleLikeCount } from '../post-counts.ts';

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
    const { post, counts } = likeTargetAndCounts(ctx, request.params.id, userId);
    const result = await setLike(ctx, {
      postId: request.params.id,
      post,
      userId,
      like: false,
      context: commandContext(request, userId),
    });
    return replyWithPosition(reply, result.position, {
      liked: result.state.liked,
      ...visibleLikeCount(countsWithLike(await counts, result.state.liked), userId),
    });
  },
});

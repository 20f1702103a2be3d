import { likeResponse, postIdParam } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { engagementRoute } from '../context.ts';
import { setLike } from '@myworld/write-model/engagement';
import { countsWithLike, likeTargetAndCounts, visibleLikeCount } from '../post-counts.ts';

/** Likes a post (once per user: liking again records nothing); answers the count with this like in it, with no read-model wait. */
export const likePost = engagementRoute({
  method: 'POST',
  url: '/api/posts/:id/like',
  summary: 'Like a post',
  description:
    '404 "Post not found" for an unknown, deleted or removed post, or one hidden by moderation. likeCount is the posts read model\'s as it is now (never waited for) with this like counted in; it is left out when the author hides engagement from others.',
  config: { auth: 'user', command: 'LikePost', limit: 'likes' },
  schema: { params: postIdParam, body: noBody, response: { 200: withPosition(likeResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { post, counts } = likeTargetAndCounts(ctx, request.params.id, userId);
    const result = await setLike(ctx, {
      postId: request.params.id,
      post,
      userId,
      like: true,
      context: commandContext(request, userId),
    });
    return replyWithPosition(reply, result.position, {
      liked: result.state.liked,
      ...visibleLikeCount(countsWithLike(await counts, result.state.liked), userId),
    });
  },
});

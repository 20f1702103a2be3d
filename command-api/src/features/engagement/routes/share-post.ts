import { postIdParam, postLink, shareResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { engagementRoute } from '../context.ts';
import { shareCountWith } from '../post-counts.ts';
import { sharePost as share } from '@myworld/write-model/engagement';

/** Records the caller's share of a post (once: sharing again records nothing) and answers the post's public link. */
export const sharePost = engagementRoute({
  method: 'POST',
  url: '/api/posts/:id/share',
  summary: 'Share a post',
  description:
    'A share counts once per user per post: sharing the same post again records nothing and answers the same count. link is /video/{id} or /post/{id}. 404 "Post not found" for an unknown, deleted or removed post, or one hidden by moderation.',
  config: { auth: 'user', command: 'SharePost', limit: 'shares' },
  schema: { params: postIdParam, body: noBody, response: { 200: withPosition(shareResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await share(ctx, { postId: request.params.id, userId, context: commandContext(request, userId) });
    const shareCount = await shareCountWith(ctx, result.post, result.readPosition);
    return replyWithPosition(reply, result.position, {
      shareCount,
      link: postLink({ id: result.post.postId, kind: result.post.kind }),
    });
  },
});

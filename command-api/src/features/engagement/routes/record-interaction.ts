import { VIEW_COUNT_WINDOW_SECONDS, interactionBody, interactionResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { engagementRoute } from '../context.ts';
import { setLike, sharePost, viewPost } from '@myworld/write-model/engagement';

/**
 * The interaction payload: a view (counted once per viewer per post per hour, by the
 * server's clock), a like (as POST /api/posts/{id}/like) or a share (as POST .../share).
 */
export const recordInteraction = engagementRoute({
  method: 'POST',
  url: '/api/user-interactions',
  summary: 'Record a view, like or share',
  description: `counted says whether a count changed: a view counts once per viewer per post per ${VIEW_COUNT_WINDOW_SECONDS / 60} minutes (the server's clock; timestamp is not trusted), a like and a share once per user per post. 404 naming contentId for an unknown, deleted or removed post, or one hidden by moderation.`,
  config: { auth: 'user', command: 'RecordInteraction', limit: 'views' },
  schema: { body: interactionBody, response: { 200: withPosition(interactionResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { contentId: postId, interactionType } = request.body;
    const context = commandContext(request, userId);
    const input = { postId, context, field: 'contentId' };
    const result =
      interactionType === 'view'
        ? await viewPost(ctx, { ...input, viewerId: userId })
        : interactionType === 'like'
          ? await setLike(ctx, { ...input, userId, like: true })
          : await sharePost(ctx, { ...input, userId });
    // A replayed retry answers as the first time did: its events are the ones recorded then.
    return replyWithPosition(reply, result.position, { counted: result.events.length > 0 });
  },
});

import { storyIdParam, storyViewResponse } from '@myworld/schemas';
import { commandContext } from '../../../platform/http/command-context.ts';
import { replyWithPosition, withPosition } from '../../../platform/http/command-reply.ts';
import { noBody } from '../../../platform/http/route.ts';
import { storiesRoute } from '../context.ts';
import { recordStoryView } from '@myworld/write-model/stories';

/** Records that the caller viewed a story: each viewer counts once, the author never. */
export const viewStory = storiesRoute({
  method: 'POST',
  url: '/api/stories/:id/view',
  summary: 'Record a view of a story',
  description:
    'counted says whether this view added a unique viewer: a repeat, or the author viewing their own story, counts nothing. 404 "Story not found" for an unknown or expired story.',
  config: { auth: 'user', command: 'ViewStory', limit: 'views' },
  schema: { params: storyIdParam, body: noBody, response: { 200: withPosition(storyViewResponse) } },
  handler: async ({ request, reply, ctx, userId }) => {
    const result = await recordStoryView(ctx, {
      storyId: request.params.id,
      viewerId: userId,
      context: commandContext(request, userId),
    });
    // A replayed retry answers as the first time did: its events are the ones recorded then.
    return replyWithPosition(reply, result.position, { counted: result.events.length > 0 });
  },
});

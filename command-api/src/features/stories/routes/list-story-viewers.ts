import { storyViewers, type StoriesDb } from '@myworld/projections';
import { STORY_MESSAGES, storyIdParam, storyViewersResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { storiesRoute } from '../context.ts';
import { liveStory } from '@myworld/write-model/stories';

/** Who viewed a story, for its author only. */
export const listStoryViewers = storiesRoute({
  method: 'GET',
  url: '/api/stories/:id/viewers',
  summary: 'Who viewed a story (its author only)',
  description:
    'Newest first (500 at most). 403 for anyone but the author; 404 "Story not found" for an unknown or expired story.',
  config: { auth: 'user', readModel: 'stories' },
  schema: { params: storyIdParam, response: { 200: storyViewersResponse } },
  handler: async ({ request, ctx, userId }) => {
    // Whose story it is comes from its own stream, so the answer never depends on read-model lag.
    const story = await liveStory(ctx.store, request.params.id, new Date());
    if (story.authorId !== userId) throw new DomainError('forbidden', STORY_MESSAGES.viewersAuthorOnly, 403);
    return storyViewers(await ctx.readModels.query<StoriesDb>('stories'), story.storyId);
  },
});

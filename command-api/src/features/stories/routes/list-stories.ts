import { liveStoriesFor, type StoriesDb } from '@myworld/projections';
import { storiesResponse } from '@myworld/schemas';
import { storiesRoute } from '../context.ts';

/** The stories strip: the caller's live stories and those of the people they follow. */
export const listStories = storiesRoute({
  method: 'GET',
  url: '/api/stories',
  summary: 'The live stories of the caller and of the people they follow',
  description:
    "Grouped by author, each author's stories oldest first: the caller's own first, then authors by their newest story. A story is gone once its time is up (24 hours), even before its expiry is recorded. mediaUrl is the processed image (WebP) or video (MP4) once processing made it, else the uploaded original.",
  config: { auth: 'user', readModel: 'stories' },
  schema: { response: { 200: storiesResponse } },
  handler: async ({ ctx, userId }) =>
    liveStoriesFor(await ctx.readModels.query<StoriesDb>('stories'), userId, new Date()),
});

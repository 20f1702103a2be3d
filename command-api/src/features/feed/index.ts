import { defineFeature } from '../../platform/feature.ts';
import { feedContext } from './context.ts';
import { getFeed } from './routes/get-feed.ts';
import { listCategoryVideos } from './routes/list-category-videos.ts';

/** The home feed: For You (ranked, explainable) and Following (newest first); discover's category pages. */
export const feed = defineFeature({
  name: 'feed',
  context: feedContext,
  routes: [getFeed, listCategoryVideos],
});

import { defineFeature } from '../../platform/feature.ts';
import { storiesConfig } from './config.ts';
import { createStory } from './routes/create-story.ts';
import { listStories } from './routes/list-stories.ts';
import { listStoryViewers } from './routes/list-story-viewers.ts';
import { viewStory } from './routes/view-story.ts';

/**
 * Stories: text, image or video stories that expire after 24 hours (the workers record the expiry
 * and delete the media), the strip of one's own and followed authors' live stories, unique views
 * (one stream per viewer and story) and the author's list of viewers; read from the `stories` read model.
 */
export const stories = defineFeature({
  name: 'stories',
  config: storiesConfig,
  routes: [createStory, listStories, viewStory, listStoryViewers],
});

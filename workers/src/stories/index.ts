import type { WorkerFeature } from '../platform/feature.ts';
import { startStoryExpiry } from './expiry.pipeline.ts';

/** stories: expires each story at its time (StoryExpired), then deletes its media files. */
export const storiesWorkers: WorkerFeature = {
  name: 'stories',
  start: ({ store, config, logger }) => startStoryExpiry(store, config, logger),
};

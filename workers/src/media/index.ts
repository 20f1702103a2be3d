import type { WorkerFeature } from '../platform/feature.ts';
import { startMediaProcessing } from './processing.pipeline.ts';

/** media: turns uploaded images and videos into their variants, and deletes abandoned uploads. */
export const mediaWorkers: WorkerFeature = {
  name: 'media',
  start: ({ store, config, logger }) => startMediaProcessing(store, config, logger),
};

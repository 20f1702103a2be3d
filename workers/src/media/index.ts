import type { RunningFeature, WorkerFeature } from '../platform/feature.ts';
import { startMediaLifecycle } from './lifecycle.pipeline.ts';
import { startMediaProcessing } from './processing.pipeline.ts';

/** Both parts, run and stopped together: the first to fail for good fails the feature. */
function together(parts: readonly RunningFeature[]): RunningFeature {
  const done = Promise.all(parts.map((p) => p.done)).then(() => undefined);
  done.catch(() => undefined); // observed by the caller
  return {
    done,
    async stop() {
      for (const part of parts) await part.stop();
    },
  };
}

/**
 * media: turns uploaded images and videos into their variants, deletes abandoned uploads, and
 * deletes the files of content gone for good (deleted or removed posts and stories, deleted accounts).
 */
export const mediaWorkers: WorkerFeature = {
  name: 'media',
  start: ({ store, config, logger }) =>
    together([startMediaProcessing(store, config, logger), startMediaLifecycle(store, config, logger)]),
};

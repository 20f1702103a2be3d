import type { WorkerFeature } from '../platform/feature.ts';
import { startStreamReminders } from './reminders.pipeline.ts';
import { startThumbnailCleanup } from './thumbnails.pipeline.ts';

/**
 * live-streams: reminds the viewers who asked ("Remind Me") when a scheduled stream starts, by
 * socket notice and email; deletes an ended stream's thumbnail frame. Both parts run and stop
 * together: the first to fail for good fails the feature.
 */
export const liveStreamsWorkers: WorkerFeature = {
  name: 'live-streams',
  start: ({ store, config, logger }) => {
    const parts = [startStreamReminders(store, config, logger), startThumbnailCleanup(store, config)];
    const done = Promise.all(parts.map((p) => p.done)).then(() => undefined);
    done.catch(() => undefined); // observed by the caller
    return {
      done,
      async stop() {
        for (const part of parts) await part.stop();
      },
    };
  },
};

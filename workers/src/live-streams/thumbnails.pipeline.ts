import type { EventStore } from '@myworld/eventstore';
import { ObjectStorage } from '@myworld/storage';
import type { WorkersConfig } from '../config.ts';
import type { RunningFeature } from '../platform/feature.ts';
import { startLeaderReactor } from '../platform/reactor.ts';
import { deleteEndedThumbnails } from './thumbnails.reactor.ts';

/** The reactor's checkpoint name (and, prefixed, its leader lock). */
export const STREAM_THUMBNAIL_REACTOR = 'live_stream_thumbnails';

/**
 * Live-stream thumbnails in the background: one active instance across processes (advisory lock)
 * follows the log and deletes each ended stream's last frame from the object store.
 */
export function startThumbnailCleanup(store: EventStore, config: WorkersConfig): RunningFeature {
  const storage = new ObjectStorage(config);
  const reactor = startLeaderReactor({
    name: STREAM_THUMBNAIL_REACTOR,
    store,
    databaseUrl: config.DATABASE_URL,
    batchSize: config.REACTOR_BATCH_SIZE,
    applicationName: 'myworld-workers-live-thumbnails',
    handle: deleteEndedThumbnails(storage),
  });
  return {
    done: reactor.done,
    async stop() {
      await reactor.stop();
      storage.close();
    },
  };
}

import type { EventStore } from '@myworld/eventstore';
import type { ServableFile } from '@myworld/projections';
import { loadMedia, mediaIdOfKey } from './media.store.ts';

/**
 * The original upload of a media object, read from its own stream. `GET /objects/<key>` asks here
 * only when the read model does not know the key yet: an image shown right after it was attached
 * carries no X-Min-Position, and the log is the truth the read model follows.
 */
export async function servableFromLog(store: EventStore, key: string): Promise<ServableFile | undefined> {
  const state = await loadMedia(store, mediaIdOfKey(key));
  if (state.status === 'none' || state.key !== key) return undefined;
  return { key, mediaId: state.mediaId, variant: 'original', contentType: state.contentType, size: state.size };
}

import type { EventStore } from '@myworld/eventstore';
import { SHOWN_AS, type ServableFile } from '@myworld/projections';
import { loadMedia, mediaIdOfKey } from '@myworld/write-model/media';
import { mediaIdOfStoredKey } from './upload-keys.ts';

/**
 * A stored file of a media object, read from its own stream. `GET /objects/<key>` asks here only
 * when the read model does not know the key (or the original's processed form) yet: an image
 * shown right after it was attached carries no X-Min-Position, and the log is the truth the read
 * model follows. An original answers its processed form, never its own bytes; a deleted object
 * answers nothing.
 */
export async function servableFromLog(store: EventStore, key: string): Promise<ServableFile | undefined> {
  const state = await loadMedia(store, mediaIdOfStoredKey(key) ?? mediaIdOfKey(key));
  if (state.status === 'none' || state.status === 'deleted') return undefined;
  const [variant, file] =
    state.key === key
      ? [SHOWN_AS[state.kind], state.variants[SHOWN_AS[state.kind] as keyof typeof state.variants]]
      : (Object.entries(state.variants).find(([, v]) => v?.key === key) ?? []);
  if (!variant || !file) return undefined;
  return { key: file.key, mediaId: state.mediaId, variant, contentType: file.contentType, size: file.size };
}

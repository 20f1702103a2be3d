import type { EventStore } from '@myworld/eventstore';
import { loadMedia } from '@myworld/write-model/media';
import type { ObjectStorage } from '@myworld/storage';

/**
 * Deletes every stored file of a media object: the original upload and each variant processing
 * made, as its own stream (`media-{id}`) lists them. `pending` says processing has no outcome
 * yet, so variants may still appear: the caller runs this again later.
 */
export async function deleteMediaFiles(
  storage: ObjectStorage,
  store: EventStore,
  mediaId: string,
): Promise<{ keys: string[]; pending: boolean }> {
  const media = await loadMedia(store, mediaId);
  if (media.status === 'none') return { keys: [], pending: false };
  const keys = [media.key, ...Object.values(media.variants).flatMap((v) => (v ? [v.key] : []))];
  for (const key of keys) await storage.delete(key);
  return { keys, pending: media.status === 'uploaded' };
}

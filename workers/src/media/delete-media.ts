import type { EventStore } from '@myworld/eventstore';
import { loadMedia, runMediaCommand } from '@myworld/write-model/media';
import type { MediaDeletionReason } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';
import { systemMetadata } from '../platform/system-metadata.ts';

/**
 * Deletes every stored file of a media object (the original, each variant its stream names, and
 * anything else under `media/<id>/`), then records MediaDeleted caused by `cause`. Safe to run
 * again: deleting a deleted file is nothing, and the aggregate records the deletion once.
 */
export async function deleteMediaObject(
  storage: ObjectStorage,
  store: EventStore,
  mediaId: string,
  reason: MediaDeletionReason,
  cause: { correlationId: string; causationId: string },
): Promise<string[]> {
  const media = await loadMedia(store, mediaId);
  if (media.status === 'none') return [];
  const keys = new Set([media.key, ...Object.values(media.variants).flatMap((v) => (v ? [v.key] : []))]);
  for await (const object of storage.list(`media/${mediaId}/`)) keys.add(object.key);
  const deleted = [...keys].sort();
  for (const key of deleted) await storage.delete(key);
  await runMediaCommand(
    store,
    mediaId,
    { type: 'RecordDeleted', reason, keys: deleted, now: new Date() },
    { metadata: systemMetadata(cause) },
  );
  return deleted;
}

/** Deletes every object under a user's upload namespace, attached or not, and aborts their unfinished multipart uploads. */
export async function deleteUploadsOf(storage: ObjectStorage, userId: string): Promise<number> {
  const prefix = `uploads/${userId}/`;
  let deleted = 0;
  for await (const object of storage.list(prefix)) {
    await storage.delete(object.key);
    deleted++;
  }
  for await (const upload of storage.listMultipartUploads(prefix))
    await storage.abortMultipart(upload.key, upload.uploadId);
  return deleted;
}

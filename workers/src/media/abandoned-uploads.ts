import type { EventStore } from '@myworld/eventstore';
import { loadMedia, mediaIdOfKey } from '@myworld/write-model/media';
import { ABANDONED_UPLOAD_HOURS } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';

const UPLOADS_PREFIX = 'uploads/';

/**
 * Deletes uploads nothing attached within ABANDONED_UPLOAD_HOURS (their media stream does not
 * exist, or its original is a copy elsewhere: the upload was written again after attaching), and aborts multipart uploads left unfinished that long, freeing their parts.
 */
export async function deleteAbandonedUploads(
  storage: ObjectStorage,
  store: EventStore,
  now = new Date(),
): Promise<{ deleted: number; aborted: number }> {
  const cutoff = now.getTime() - ABANDONED_UPLOAD_HOURS * 3600_000;
  let deleted = 0;
  for await (const object of storage.list(UPLOADS_PREFIX)) {
    if (!object.lastModified || object.lastModified.getTime() > cutoff) continue;
    // An attached upload is kept only where it is itself the original (attached before originals were copied out of uploads/).
    const media = await loadMedia(store, mediaIdOfKey(object.key));
    if (media.status !== 'none' && media.status !== 'deleted' && media.key === object.key) continue;
    await storage.delete(object.key);
    deleted++;
  }
  let aborted = 0;
  for await (const upload of storage.listMultipartUploads(UPLOADS_PREFIX)) {
    if (!upload.initiated || upload.initiated.getTime() > cutoff) continue;
    await storage.abortMultipart(upload.key, upload.uploadId);
    aborted++;
  }
  return { deleted, aborted };
}

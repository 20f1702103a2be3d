import { setTimeout as sleep } from 'node:timers/promises';
import { POST_MESSAGES } from '@myworld/schemas';
import type { CommandContext } from '@myworld/write-model';
import { DomainError } from '@myworld/write-model';
import type { Platform } from '../../platform/feature.ts';
import { attachUpload } from '../media/attach-upload.ts';
import { loadMedia } from '@myworld/write-model/media';
import { objectPathOf } from '../media/upload-keys.ts';

/** Images process in well under a second; a post waits this long for its photo before answering 409. */
const PROCESSING_WAIT_MS = 10_000;

/**
 * A post's photo: the author's own upload, checked and attached as a post photo (image, 10 MB at
 * most), then its processed display variant. Waits briefly for processing; a photo that failed
 * processing is a 400, one still processing after the wait a 409 the client may retry.
 */
export async function processedPhoto(
  platform: Platform,
  request: { ownerId: string; address: string; context: CommandContext },
): Promise<{ url: string; mediaId: string }> {
  const { mediaId } = await attachUpload(platform, { ...request, purpose: 'post_photo', field: 'imageUrl' });
  for (const deadline = Date.now() + PROCESSING_WAIT_MS; ;) {
    const media = await loadMedia(platform.store, mediaId);
    if (media.status === 'processed' && media.variants.display)
      return { url: objectPathOf(media.variants.display.key), mediaId };
    if (media.status === 'failed') throw new DomainError('photo_failed', POST_MESSAGES.photoFailed, 400, 'imageUrl');
    if (Date.now() > deadline) throw new DomainError('photo_processing', POST_MESSAGES.photoNotReady, 409, 'imageUrl');
    await sleep(200);
  }
}

import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MediaVariant, MediaVariantName } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';
import { makeImageVariants } from './image-variants.ts';
import { MediaProcessingError } from './media-processing-error.ts';
import type { VariantFile } from './variant-file.ts';
import { makeVideoVariants } from './video-variants.ts';

export type ProcessedMedia = {
  variants: Partial<Record<MediaVariantName, MediaVariant>>;
  durationSeconds: number | null;
};

/** Where a media object's variants live: beside nothing a browser can write, named by the media id. */
export const variantKey = (mediaId: string, name: MediaVariantName, ext: string) => `media/${mediaId}/${name}.${ext}`;

/**
 * Downloads the original to a temporary folder, makes its variants (images: a 1080-wide WebP and
 * a 320-wide thumbnail; videos: an H.264/AAC MP4 at most 720p and a poster) and stores them.
 * Variant keys are fixed per media object, so a rerun overwrites rather than adds.
 */
export async function processMediaObject(
  storage: ObjectStorage,
  job: { mediaId: string; key: string; kind: 'image' | 'video' },
  onProgress: (fraction: number) => void = () => undefined,
): Promise<ProcessedMedia> {
  const dir = await mkdtemp(join(tmpdir(), 'myworld-media-'));
  try {
    const source = join(dir, 'source');
    const object = await storage.get(job.key);
    if (!object)
      throw new MediaProcessingError('unreadable', 'the uploaded file is no longer in storage', { retryable: false });
    await pipeline(object.body, createWriteStream(source));
    const files: Array<[MediaVariantName, VariantFile, string]> = [];
    let durationSeconds: number | null = null;
    if (job.kind === 'image') {
      const made = await makeImageVariants(source, dir);
      onProgress(0.9);
      files.push(['display', made.display, 'webp'], ['thumbnail', made.thumbnail, 'webp']);
    } else {
      const made = await makeVideoVariants(source, dir, { onProgress: (f) => onProgress(f * 0.95) });
      durationSeconds = made.video.durationSeconds;
      files.push(['video', made.video, 'mp4'], ['poster', made.poster, 'jpg']);
    }
    const variants: Partial<Record<MediaVariantName, MediaVariant>> = {};
    for (const [name, file, ext] of files) {
      const key = variantKey(job.mediaId, name, ext);
      await storage.put(key, await readFile(file.path), file.contentType);
      variants[name] = { key, contentType: file.contentType, size: file.bytes, width: file.width, height: file.height };
    }
    onProgress(1);
    return { variants, durationSeconds };
  } catch (error) {
    // Reasons go into events: keep this machine's temporary paths out of them.
    if (error instanceof MediaProcessingError) error.reason = error.reason.split(dir).join('<file>');
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

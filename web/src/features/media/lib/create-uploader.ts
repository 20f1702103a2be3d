import Uppy, { type Body, type Meta } from '@uppy/core';
import { MULTIPART_MAX_PARTS, MULTIPART_MIN_PART_BYTES, MULTIPART_THRESHOLD_BYTES } from '@myworld/schemas';
import { signPresignedPut } from './sign-put.ts';
import { SizeRoutedS3 } from './size-routed-s3.ts';
import { UPLOAD_RESTRICTIONS, type UploadPurpose } from './upload-purposes.ts';
import { uploaderLocale } from './uploader-locale.ts';

/** Companion's classic S3 routes on our server: /api/uploads/s3/multipart... */
export const COMPANION_ENDPOINT = '/api/uploads';

/** Six files at a time: the browser's connections per origin. */
export const UPLOAD_CONCURRENCY = 6;

/** Parts of at least 5 MB, and never more than 10,000 of them. */
export function multipartChunkSize({ size }: { size: number }): number {
  return Math.max(MULTIPART_MIN_PART_BYTES, Math.ceil(size / MULTIPART_MAX_PARTS));
}

export type MediaUppy = Uppy<Meta, Body>;

/**
 * Uppy checks whether the browser is online 3 s after it is made, on a timer that closing it does
 * not cancel: an uploader closed sooner (a page left at once; every test that renders one) would
 * run that check after the page's window is gone.
 */
class ClosableUppy extends Uppy<Meta, Body> {
  override updateOnlineStatus(): void {
    if (typeof window !== 'undefined') super.updateOnlineStatus();
  }
}

/**
 * One Uppy for one use: the purpose's restrictions, the uploader's notices, uploads starting as soon as
 * a file is chosen, small files in one presigned PUT and large ones in parts.
 */
export function createUploader(purpose: UploadPurpose): MediaUppy {
  return new ClosableUppy({
    id: `uploader-${purpose}`,
    autoProceed: true,
    restrictions: UPLOAD_RESTRICTIONS[purpose],
    locale: uploaderLocale,
  }).use(SizeRoutedS3<Meta, Body>, {
    multipartThresholdBytes: MULTIPART_THRESHOLD_BYTES,
    signPut: signPresignedPut,
    companionEndpoint: COMPANION_ENDPOINT,
    getChunkSize: multipartChunkSize,
    limit: UPLOAD_CONCURRENCY,
  });
}

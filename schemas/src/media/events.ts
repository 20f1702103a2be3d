import { z } from 'zod';
import { mediaPurpose } from './rules.ts';

/**
 * Events of the media object aggregate, stream `media-{id}`: an upload attached to something
 * (checked: the caller's own, its type judged by content, within its purpose's limit), then
 * processed into variants, or failed with the reason. Moderators and analysts read each object's
 * history from here.
 */

export const mediaStreamName = (mediaId: string) => `media-${mediaId}`;

export const mediaObjectKind = z.enum(['image', 'video']);
export type MediaObjectKind = z.infer<typeof mediaObjectKind>;

export const mediaUploaded = z.object({
  mediaId: z.string(),
  ownerId: z.string(),
  /** The uploaded object (the original), under the owner's upload namespace. */
  key: z.string(),
  purpose: mediaPurpose,
  kind: mediaObjectKind,
  /** Judged from the object's first bytes, never from the client's header. */
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  uploadedAt: z.string(),
});

/** One file processing wrote beside the original. */
export const mediaVariant = z.object({
  key: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type MediaVariant = z.infer<typeof mediaVariant>;

export const mediaVariantName = z.enum(['display', 'thumbnail', 'video', 'poster']);
export type MediaVariantName = z.infer<typeof mediaVariantName>;

export const mediaProcessed = z.object({
  mediaId: z.string(),
  variants: z.partialRecord(mediaVariantName, mediaVariant),
  /** Videos: seconds, from the processed MP4; null for images. */
  durationSeconds: z.number().nullable(),
  processedAt: z.string(),
});

export const mediaProcessingFailed = z.object({
  mediaId: z.string(),
  reason: z.string(),
  failedAt: z.string(),
});

export const mediaEventSchemas = {
  MediaUploaded: mediaUploaded,
  MediaProcessed: mediaProcessed,
  MediaProcessingFailed: mediaProcessingFailed,
} as const;

export type MediaEventType = keyof typeof mediaEventSchemas;
export type MediaEvent = {
  [K in MediaEventType]: { readonly type: K; readonly data: z.infer<(typeof mediaEventSchemas)[K]> };
}[MediaEventType];

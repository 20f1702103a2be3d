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
  /**
   * The original: since issue 23 a server-side copy of the upload at `media/<mediaId>/original-...`,
   * which no presigned URL can write (older events name the upload itself, `uploads/<owner>/...`).
   */
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

/** Why a media object's files were deleted: what happened to the content or account it belonged to. */
export const mediaDeletionReason = z.enum(['post_deleted', 'content_removed', 'account_deleted', 'story_expired']);
export type MediaDeletionReason = z.infer<typeof mediaDeletionReason>;

/**
 * Every stored file of the object (original and variants) was deleted because its content is gone
 * for good; caused by that event (PostDeleted, ContentRemoved, AccountDeleted, StoryExpired).
 */
export const mediaDeleted = z.object({
  mediaId: z.string(),
  reason: mediaDeletionReason,
  /** The keys deleted. */
  keys: z.array(z.string()),
  deletedAt: z.string(),
});

export const mediaEventSchemas = {
  MediaUploaded: mediaUploaded,
  MediaProcessed: mediaProcessed,
  MediaProcessingFailed: mediaProcessingFailed,
  MediaDeleted: mediaDeleted,
} as const;

export type MediaEventType = keyof typeof mediaEventSchemas;
export type MediaEvent = {
  [K in MediaEventType]: { readonly type: K; readonly data: z.infer<(typeof mediaEventSchemas)[K]> };
}[MediaEventType];

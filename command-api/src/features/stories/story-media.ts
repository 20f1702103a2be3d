import type { MediaPurpose, StoryMediaType } from '@myworld/schemas';
import type { CommandContext } from '@myworld/write-model';
import type { Platform } from '../../platform/feature.ts';
import { attachUpload } from '../media/attach-upload.ts';
import { objectPathOf, uploadPrefix } from '../media/upload-keys.ts';

/** The purpose a story's file is attached with: its kind's limit (image 10 MB, video 100 MB) and types. */
export const storyMediaPurpose = (kind: Exclude<StoryMediaType, 'text'>): MediaPurpose =>
  kind === 'image' ? 'story_image' : 'story_video';

/**
 * Where a story's file is stored: in its author's upload namespace, like a presigned upload, and
 * named by the story, so a retried request (same Idempotency-Key, same story) writes the same key.
 */
export const storyUploadKey = (userId: string, storyId: string) => `${uploadPrefix(userId)}${storyId}`;

/**
 * The file of an image or video story as a media object: attached like any upload (the author's
 * own, its type judged by its bytes, within the kind's limit; a refusal is a 400 naming `media`
 * and the file is deleted), so the workers process it. Null for a text story or without a file.
 */
export async function attachStoryMedia(
  platform: Platform,
  request: { ownerId: string; mediaType: StoryMediaType; file: { key: string } | null; context: CommandContext },
): Promise<{ mediaId: string; url: string } | null> {
  const { ownerId, mediaType, file, context } = request;
  if (mediaType === 'text' || !file) return null;
  const attached = await attachUpload(platform, {
    ownerId,
    address: objectPathOf(file.key),
    purpose: storyMediaPurpose(mediaType),
    field: 'media',
    context,
  });
  return { mediaId: attached.mediaId, url: attached.objectPath };
}

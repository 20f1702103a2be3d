import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, type MediaPurpose } from '@myworld/schemas';
import { SNIFF_BYTES, sniffContentType } from '@myworld/storage';
import type { CommandContext } from '@myworld/write-model';
import { DomainError } from '@myworld/write-model';
import type { Platform } from '../../platform/feature.ts';
import type { AttachedMedia } from '@myworld/write-model/media';
import { loadMedia, mediaIdOfKey, runMediaCommand } from '@myworld/write-model/media';
import { isOwnUpload, keyOfAddress, mediaIdOfStoredKey, newOriginalKey, objectPathOf } from './upload-keys.ts';

/** Which kinds of media each purpose takes. */
const KINDS: Readonly<Record<MediaPurpose, ReadonlyArray<'image' | 'video'>>> = {
  profile_picture: ['image'],
  profile_background: ['image'],
  post_photo: ['image'],
  video: ['video'],
  story_image: ['image'],
  story_video: ['video'],
};

const PURPOSE_NAMES: Readonly<Record<MediaPurpose, string>> = {
  profile_picture: 'A profile picture',
  profile_background: 'A custom background',
  post_photo: 'A photo',
  video: 'A video',
  story_image: 'A story image',
  story_video: 'A story video',
};

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** "A story image may be at most 10 MB": the refusal of a file over its purpose's limit. */
export const tooLargeMessage = (purpose: MediaPurpose) =>
  `${PURPOSE_NAMES[purpose]} may be at most ${megabytes(MEDIA_MAX_BYTES[purpose])}`;

export interface AttachedUpload {
  readonly mediaId: string;
  readonly key: string;
  readonly objectPath: string;
  readonly contentType: string;
}

/**
 * Turns an upload into a media object: the one way media enters the product. Before any event
 * refers to it the upload must be the caller's own, exist, be within the purpose's size limit,
 * and be an accepted image or video by its first bytes. A refusal is a 400 naming `field`; an
 * oversized or wrongly typed object is deleted (a foreign one is left alone: it is not the
 * caller's to delete). Attaching the same upload (or the objectPath it answered) again answers
 * the same media object.
 *
 * The presigned PUT stays usable after this, so the upload itself is never what is checked,
 * served or processed: the store copies it to `media/<mediaId>/original-...` (no browser can
 * write there), the copy is checked, and the event names the copy. The upload is then deleted.
 */
export async function attachUpload(
  platform: Platform,
  request: { ownerId: string; address: string; purpose: MediaPurpose; field: string; context: CommandContext },
): Promise<AttachedUpload> {
  const { storage, store, config } = platform;
  const { ownerId, address, purpose, field, context } = request;
  const refuse = (code: string, message: string): never => {
    throw new DomainError(code, message, 400, field);
  };

  const key =
    keyOfAddress(storage, address, config.PUBLIC_URL) ??
    refuse('invalid_upload', MEDIA_MESSAGES.notAnUploadUrl.replace('uploadURL', field));
  const already = await attachedMediaOf(platform, key);
  if (already) {
    if (already.ownerId !== ownerId) refuse('foreign_upload', MEDIA_MESSAGES.notYourUpload);
    if (already.status === 'deleted') refuse('upload_not_found', MEDIA_MESSAGES.uploadNotFound);
    if (isOwnUpload(key, ownerId) && key !== already.key) await storage.delete(key);
    return {
      mediaId: already.mediaId,
      key: already.key,
      objectPath: objectPathOf(already.key),
      contentType: already.contentType,
    };
  }
  if (!isOwnUpload(key, ownerId)) refuse('foreign_upload', MEDIA_MESSAGES.notYourUpload);
  const max = MEDIA_MAX_BYTES[purpose];
  const tooLarge = async (size: number, ...keys: string[]) => {
    for (const k of keys) await storage.delete(k);
    refuse('file_too_large', `${tooLargeMessage(purpose)}; this file is ${megabytes(size)}`);
  };
  const upload = (await storage.head(key)) ?? refuse('upload_not_found', MEDIA_MESSAGES.uploadNotFound);
  // Refused before the copy, so an oversized upload costs the store nothing more.
  if (upload.size > max) await tooLarge(upload.size, key);

  const mediaId = mediaIdOfKey(key);
  const original = newOriginalKey(mediaId, key);
  if (!(await storage.copy(key, original))) refuse('upload_not_found', MEDIA_MESSAGES.uploadNotFound);
  // From here on only the copy counts: the upload may be rewritten at any moment.
  const copy = (await storage.head(original)) ?? refuse('upload_not_found', MEDIA_MESSAGES.uploadNotFound);
  if (copy.size > max) await tooLarge(copy.size, original, key);
  const sniffed = await sniffContentType((await storage.readStart(original, SNIFF_BYTES)) ?? new Uint8Array());
  if (!sniffed || !KINDS[purpose].includes(sniffed.kind)) {
    await storage.delete(original);
    await storage.delete(key);
    refuse(
      'unsupported_type',
      `${PURPOSE_NAMES[purpose]} must be ${KINDS[purpose].includes('video') ? 'an MP4, MOV, WebM or MKV video' : 'a JPEG, PNG, WebP, GIF or AVIF image'}`,
    );
  }

  const { state } = await runMediaCommand(
    store,
    mediaId,
    {
      type: 'AttachUpload',
      mediaId,
      ownerId,
      key: original,
      purpose,
      kind: sniffed!.kind,
      contentType: sniffed!.mime,
      size: copy.size,
      now: new Date(),
    },
    { metadata: context.metadata },
  );
  if (state.status === 'none') throw new Error(`media ${mediaId} was not recorded`);
  // A concurrent attach of the same upload won: its copy is the one recorded.
  if (state.key !== original) await storage.delete(original);
  await storage.delete(key);
  return { mediaId, key: state.key, objectPath: objectPathOf(state.key), contentType: state.contentType };
}

/** The media object an address already names: an upload attached before, or a stored file of it (`media/<id>/...`). */
async function attachedMediaOf(platform: Platform, key: string): Promise<AttachedMedia | undefined> {
  const stored = mediaIdOfStoredKey(key);
  const state = await loadMedia(platform.store, stored ?? mediaIdOfKey(key));
  if (state.status === 'none') return undefined;
  // A stored key names its object only if it is one of its files (a guessed one is nothing).
  if (stored && state.key !== key && !Object.values(state.variants).some((v) => v?.key === key)) return undefined;
  return state;
}

import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, type MediaPurpose } from '@myworld/schemas';
import { SNIFF_BYTES, sniffContentType } from '@myworld/storage';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import type { Platform } from '../../platform/feature.ts';
import { mediaIdOfKey, runMediaCommand } from './media.store.ts';
import { isOwnUpload, keyOfAddress, objectPathOf } from './upload-keys.ts';

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
export const tooLargeMessage = (purpose: MediaPurpose) => `${PURPOSE_NAMES[purpose]} may be at most ${megabytes(MEDIA_MAX_BYTES[purpose])}`;

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
 * caller's to delete). Attaching the same upload again answers the same media object.
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

  const key = keyOfAddress(storage, address, config.PUBLIC_URL) ?? refuse('invalid_upload', MEDIA_MESSAGES.notAnUploadUrl.replace('uploadURL', field));
  if (!isOwnUpload(key, ownerId)) refuse('foreign_upload', MEDIA_MESSAGES.notYourUpload);
  const object = (await storage.head(key)) ?? refuse('upload_not_found', MEDIA_MESSAGES.uploadNotFound);

  const max = MEDIA_MAX_BYTES[purpose];
  if (object.size > max) {
    await storage.delete(key);
    refuse('file_too_large', `${tooLargeMessage(purpose)}; this file is ${megabytes(object.size)}`);
  }
  const sniffed = await sniffContentType((await storage.readStart(key, SNIFF_BYTES)) ?? new Uint8Array());
  if (!sniffed || !KINDS[purpose].includes(sniffed.kind)) {
    await storage.delete(key);
    refuse('unsupported_type', `${PURPOSE_NAMES[purpose]} must be ${KINDS[purpose].includes('video') ? 'an MP4, MOV, WebM or MKV video' : 'a JPEG, PNG, WebP, GIF or AVIF image'}`);
  }

  const mediaId = mediaIdOfKey(key);
  await runMediaCommand(store, mediaId, {
    type: 'AttachUpload',
    mediaId,
    ownerId,
    key,
    purpose,
    kind: sniffed!.kind,
    contentType: sniffed!.mime,
    size: object.size,
    now: new Date(),
  }, { metadata: context.metadata });
  return { mediaId, key, objectPath: objectPathOf(key), contentType: sniffed!.mime };
}

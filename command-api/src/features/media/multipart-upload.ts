import { MEDIA_MESSAGES } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { isOwnUpload } from './upload-keys.ts';

/** A multipart call names its upload by `?key=`: only the caller's own uploads may be touched. */
export function requireOwnUploadKey(key: string, userId: string): string {
  if (!isOwnUpload(key, userId)) throw new DomainError('foreign_upload', MEDIA_MESSAGES.notYourUpload, 403, 'key');
  return key;
}

export const multipartNotFound = () => new DomainError('not_found', MEDIA_MESSAGES.multipartNotFound, 404, 'uploadId');

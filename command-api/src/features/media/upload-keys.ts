import { randomUUID } from 'node:crypto';
import { OBJECT_PATH_PREFIX } from '@myworld/schemas';
import type { ObjectStorage } from '@myworld/storage';

/**
 * Where uploads live: `uploads/<user id>/<uuid>[.<ext>]`, so the key itself says whose upload
 * it is. Nothing else in the bucket is writable by browsers.
 */
export const uploadPrefix = (userId: string) => `uploads/${userId}/`;

/** A fresh key in the user's namespace; the extension (letters and digits, from the file name) only helps people reading the bucket. */
export function newUploadKey(userId: string, filename?: string): string {
  const ext = filename?.match(/\.([A-Za-z0-9]{1,8})$/)?.[1]?.toLowerCase();
  return `${uploadPrefix(userId)}${randomUUID()}${ext ? `.${ext}` : ''}`;
}

export function isOwnUpload(key: string, userId: string): boolean {
  return key.startsWith(uploadPrefix(userId)) && !key.slice(uploadPrefix(userId).length).includes('/');
}

/** Where an attached media object's files live (original copy and variants): no browser can write there. */
export const mediaPrefix = (mediaId: string) => `media/${mediaId}/`;

/**
 * A fresh key for the server's copy of an upload: `media/<mediaId>/original-<uuid>[.<ext>]`. Fresh
 * per attempt, so two concurrent attaches of one upload never overwrite the copy the other checked.
 */
export function newOriginalKey(mediaId: string, uploadKey: string): string {
  const ext = uploadKey.match(/\.([a-z0-9]{1,8})$/)?.[1];
  return `${mediaPrefix(mediaId)}original-${randomUUID()}${ext ? `.${ext}` : ''}`;
}

/** The media id a stored file's key names (`media/<id>/...`), if it is one. */
export function mediaIdOfStoredKey(key: string): string | undefined {
  return /^media\/([0-9a-f-]{36})\/[^/]+$/.exec(key)?.[1];
}

export const objectPathOf = (key: string) => `${OBJECT_PATH_PREFIX}${key}`;

/**
 * The key an address names: a presigned upload URL or a multipart `location` on the store, or an
 * objectPath (`/objects/<key>`, also as an absolute URL on the app's origin). Undefined otherwise.
 */
export function keyOfAddress(storage: ObjectStorage, address: string, publicUrl: string): string | undefined {
  const fromStore = storage.keyOfUrl(address);
  if (fromStore) return fromStore;
  let path = address;
  if (/^https?:\/\//i.test(address)) {
    const url = new URL(address);
    if (url.origin !== new URL(publicUrl).origin) return undefined;
    path = url.pathname;
  }
  if (!path.startsWith(OBJECT_PATH_PREFIX)) return undefined;
  try {
    const key = decodeURIComponent(path.slice(OBJECT_PATH_PREFIX.length));
    return key.length > 0 ? key : undefined;
  } catch {
    return undefined;
  }
}

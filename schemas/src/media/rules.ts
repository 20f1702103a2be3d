import { z } from 'zod';

/**
 * Media limits: what an upload may be for, and the most bytes each purpose
 * accepts. The server enforces them when an upload is attached; the uploader shows them first.
 */
export const mediaPurpose = z.enum([
  'profile_picture',
  'profile_background',
  'post_photo',
  'video',
  'story_image',
  'story_video',
]);
export type MediaPurpose = z.infer<typeof mediaPurpose>;

const MB = 1024 * 1024;

export const MEDIA_MAX_BYTES: Readonly<Record<MediaPurpose, number>> = {
  profile_picture: 10 * MB,
  profile_background: 5 * MB,
  post_photo: 10 * MB,
  video: 500 * MB,
  story_image: 10 * MB,
  story_video: 100 * MB,
};

/** The generic uploader's default: one file of at most 500 MB. */
export const UPLOAD_DEFAULT_MAX_BYTES = 500 * MB;

/** A presigned PUT (and each presigned part) is valid this long. */
export const UPLOAD_URL_TTL_SECONDS = 15 * 60;

/** Multipart uploads: above the threshold the uploader splits the file into parts. */
export const MULTIPART_THRESHOLD_BYTES = 100 * MB;
export const MULTIPART_MIN_PART_BYTES = 5 * MB;
export const MULTIPART_MAX_PARTS = 10_000;

/** An upload nothing attached within this long is deleted. */
export const ABANDONED_UPLOAD_HOURS = 24;

/** `/objects/<key>`: the app-origin path of a stored object. */
export const OBJECT_PATH_PREFIX = '/objects/';

/** An object key: uploads/<user id>/<uuid>[.<ext>] and the variants processing writes beside it. */
export const objectKey = z
  .string()
  .min(1)
  .max(512)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'an object key is letters, digits, ".", "_", "-" and "/"')
  .refine(
    (key) => !key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..'),
    'an object key has no empty, "." or ".." segments',
  );

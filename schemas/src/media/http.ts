import { z } from 'zod';
import { MULTIPART_MAX_PARTS, UPLOAD_DEFAULT_MAX_BYTES, objectKey } from './rules.ts';

/**
 * The HTTP bodies of uploads and stored objects: the presigned PUT (/api/objects/*) and the
 * multipart calls on Companion's classic S3 routes (/api/uploads/s3/multipart...), which Uppy's
 * `@uppy/aws-s3` makes with the capitalised S3 field names it expects.
 */

// ---------------------------------------------------------------------------------------------
// Presigned PUT

/**
 * POST /api/objects/upload's body: `size`, the file's bytes, when known. The address then only
 * takes a body of exactly that length (the store refuses any other), at most 500 MB.
 */
export const uploadUrlBody = z.object({
  size: z
    .number({ error: 'size must be a number of bytes' })
    .int('size must be a whole number of bytes')
    .min(1, 'size must be at least 1 byte')
    .max(UPLOAD_DEFAULT_MAX_BYTES, `size may be at most ${UPLOAD_DEFAULT_MAX_BYTES / 1024 / 1024} MB`)
    .optional(),
});

/** POST /api/objects/upload: a presigned PUT for a fresh key of the caller's. */
export const uploadUrlResponse = z.object({ uploadURL: z.url() });

/** POST /api/objects/normalize-path and the profile calls take an upload address (or an objectPath). */
export const normalizePathBody = z.object({ uploadURL: z.string().trim().min(1, 'uploadURL is required').max(4096) });
export const objectPathResponse = z.object({ objectPath: z.string() });

// ---------------------------------------------------------------------------------------------
// Multipart (Companion's classic S3 routes)

export const createMultipartBody = z.object({
  filename: z.string().trim().min(1, 'filename is required').max(255, 'filename is at most 255 characters'),
  type: z.string().trim().max(255).default('application/octet-stream'),
  metadata: z.record(z.string(), z.unknown()).optional(),
});
export const createMultipartResponse = z.object({ uploadId: z.string(), key: z.string() });

/** `?key=` on every call after create: the key create answered. */
export const multipartKeyQuery = z.object({ key: objectKey });
export const multipartUploadParams = z.object({ uploadId: z.string().min(1).max(1024) });
export const multipartPartParams = multipartUploadParams.extend({
  partNumber: z.coerce
    .number()
    .int()
    .min(1)
    .max(MULTIPART_MAX_PARTS, `partNumber is between 1 and ${MULTIPART_MAX_PARTS}`),
});

export const signPartResponse = z.object({ url: z.url() });

export const uploadedPart = z.object({ PartNumber: z.number().int(), ETag: z.string(), Size: z.number().int() });
export const listPartsResponse = z.array(uploadedPart);

export const completeMultipartBody = z.object({
  parts: z
    .array(z.object({ PartNumber: z.number().int().min(1).max(MULTIPART_MAX_PARTS), ETag: z.string().min(1).max(200) }))
    .min(1, 'parts must list at least one part')
    .max(MULTIPART_MAX_PARTS),
});
export const completeMultipartResponse = z.object({ location: z.string() });

// ---------------------------------------------------------------------------------------------
// Backgrounds (the Customize Profile modal's photo search)

/** GET /api/backgrounds/categories */
export const backgroundCategory = z.object({ id: z.string(), name: z.string(), query: z.string() });
export const backgroundCategoryList = z.array(backgroundCategory);

/** GET /api/backgrounds/search?query=: a blank query is refused. */
export const backgroundSearchQuery = z.object({
  query: z.string().trim().min(1, 'query is required').max(100, 'query is at most 100 characters'),
});

export const backgroundImage = z.object({
  id: z.string(),
  url: z.string(),
  thumb: z.string(),
  description: z.string(),
  photographer: z.string(),
  query: z.string(),
});
export const backgroundImageList = z.array(backgroundImage);

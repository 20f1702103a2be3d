import { UPLOAD_URL_TTL_SECONDS, uploadUrlBody, uploadUrlResponse } from '@myworld/schemas';
import { mediaRoute } from '../context.ts';
import { newUploadKey } from '../upload-keys.ts';

/**
 * A presigned PUT for a fresh key in the caller's namespace (15 minutes). With `size`, the length
 * is signed, so the store refuses any other body. Nothing is recorded until the upload is attached.
 */
export const createUploadUrl = mediaRoute({
  method: 'POST',
  url: '/api/objects/upload',
  summary: 'Get an address to upload one file to',
  description:
    'The browser PUTs the file to `uploadURL` (the object store, valid 15 minutes), then hands the address to the call that uses it (e.g. PUT /api/profile/picture). With `size`, the store takes only a body of exactly that many bytes.',
  config: { auth: 'user', limit: 'uploads' },
  schema: { body: uploadUrlBody, response: { 200: uploadUrlResponse } },
  handler: async ({ request, ctx, userId }) => ({
    uploadURL: await ctx.storage.presignPut(
      newUploadKey(userId),
      UPLOAD_URL_TTL_SECONDS,
      request.body?.size === undefined ? {} : { contentLength: request.body.size },
    ),
  }),
});

import { createMultipartBody, createMultipartResponse } from '@myworld/schemas';
import { mediaRoute } from '../context.ts';
import { newUploadKey } from '../upload-keys.ts';

/** Starts a multipart upload (Companion's `POST /s3/multipart`, as Uppy's @uppy/aws-s3 calls it). */
export const createMultipartUpload = mediaRoute({
  method: 'POST',
  url: '/api/uploads/s3/multipart',
  summary: 'Start a multipart upload',
  config: { auth: 'user', limit: 'uploads' },
  schema: { body: createMultipartBody, response: { 200: createMultipartResponse } },
  handler: async ({ request, ctx, userId }) => {
    const key = newUploadKey(userId, request.body.filename);
    // The type the client claims is only a hint for the store; attaching judges the bytes.
    const uploadId = await ctx.storage.createMultipart(key, request.body.type);
    return { uploadId, key };
  },
});

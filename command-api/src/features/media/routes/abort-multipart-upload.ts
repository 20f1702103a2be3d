import { multipartKeyQuery, multipartUploadParams } from '@myworld/schemas';
import { z } from 'zod';
import { mediaRoute } from '../context.ts';
import { requireOwnUploadKey } from '../multipart-upload.ts';

/** Abandons a multipart upload and frees its parts (an unknown one is already gone). */
export const abortMultipartUpload = mediaRoute({
  method: 'DELETE',
  url: '/api/uploads/s3/multipart/:uploadId',
  summary: 'Abort a multipart upload',
  config: { auth: 'user', limit: 'otherWrites' },
  schema: { params: multipartUploadParams, querystring: multipartKeyQuery, response: { 200: z.object({}) } },
  handler: async ({ request, ctx, userId }) => {
    await ctx.storage.abortMultipart(requireOwnUploadKey(request.query.key, userId), request.params.uploadId);
    return {};
  },
});

import { multipartKeyQuery, multipartPartParams, signPartResponse } from '@myworld/schemas';
import { mediaRoute } from '../context.ts';
import { requireOwnUploadKey } from '../multipart-upload.ts';

/** A presigned UploadPart address for one part (15 minutes). */
export const signMultipartPart = mediaRoute({
  method: 'GET',
  url: '/api/uploads/s3/multipart/:uploadId/:partNumber',
  summary: 'Sign one part of a multipart upload',
  config: { auth: 'user', readModel: { none: 'signs an address' } },
  schema: { params: multipartPartParams, querystring: multipartKeyQuery, response: { 200: signPartResponse } },
  handler: async ({ request, ctx, userId }) => {
    const key = requireOwnUploadKey(request.query.key, userId);
    return { url: await ctx.storage.presignPart(key, request.params.uploadId, request.params.partNumber) };
  },
});

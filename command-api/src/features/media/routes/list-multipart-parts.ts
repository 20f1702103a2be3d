import { listPartsResponse, multipartKeyQuery, multipartUploadParams } from '@myworld/schemas';
import { mediaRoute } from '../context.ts';
import { multipartNotFound, requireOwnUploadKey } from '../multipart-upload.ts';

/** The parts uploaded so far, so an interrupted upload resumes where it stopped. */
export const listMultipartParts = mediaRoute({
  method: 'GET',
  url: '/api/uploads/s3/multipart/:uploadId',
  summary: 'List the uploaded parts of a multipart upload',
  config: { auth: 'user', readModel: { none: 'the object store' } },
  schema: { params: multipartUploadParams, querystring: multipartKeyQuery, response: { 200: listPartsResponse } },
  handler: async ({ request, ctx, userId }) => {
    const key = requireOwnUploadKey(request.query.key, userId);
    const parts = await ctx.storage.listParts(key, request.params.uploadId);
    if (!parts) throw multipartNotFound();
    return parts;
  },
});

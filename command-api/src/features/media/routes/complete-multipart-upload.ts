import {
  completeMultipartBody,
  completeMultipartResponse,
  multipartKeyQuery,
  multipartUploadParams,
} from '@myworld/schemas';
import { mediaRoute } from '../context.ts';
import { multipartNotFound, requireOwnUploadKey } from '../multipart-upload.ts';

/** Joins the parts into the object; `location` is what the caller then attaches (like a presigned PUT's uploadURL). */
export const completeMultipartUpload = mediaRoute({
  method: 'POST',
  url: '/api/uploads/s3/multipart/:uploadId/complete',
  summary: 'Complete a multipart upload',
  config: { auth: 'user', limit: 'otherWrites' },
  schema: {
    params: multipartUploadParams,
    querystring: multipartKeyQuery,
    body: completeMultipartBody,
    response: { 200: completeMultipartResponse },
  },
  handler: async ({ request, ctx, userId }) => {
    const key = requireOwnUploadKey(request.query.key, userId);
    const done = await ctx.storage.completeMultipart(key, request.params.uploadId, request.body.parts);
    if (!done) throw multipartNotFound();
    return { location: ctx.storage.publicUrlOf(key) };
  },
});

import { uploadUrlResponse } from '@myworld/schemas';
import { noBody } from '../../../platform/http/route.ts';
import { mediaRoute } from '../context.ts';
import { newUploadKey } from '../upload-keys.ts';

/** A presigned PUT for a fresh key in the caller's namespace (15 minutes). Nothing is recorded until the upload is attached. */
export const createUploadUrl = mediaRoute({
  method: 'POST',
  url: '/api/objects/upload',
  summary: 'Get an address to upload one file to',
  description: 'The browser PUTs the file to `uploadURL` (the object store, valid 15 minutes), then hands the address to the call that uses it (e.g. PUT /api/profile/picture).',
  config: { auth: 'user' },
  schema: { body: noBody, response: { 200: uploadUrlResponse } },
  handler: async ({ ctx, userId }) => ({ uploadURL: await ctx.storage.presignPut(newUploadKey(userId)) }),
});

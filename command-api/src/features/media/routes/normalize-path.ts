import { MEDIA_MESSAGES, normalizePathBody, objectPathResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { mediaRoute } from '../context.ts';
import { isOwnUpload, keyOfAddress, objectPathOf } from '../upload-keys.ts';

/** The app-origin path (`/objects/<key>`) of one of the caller's upload addresses. */
export const normalizePath = mediaRoute({
  method: 'POST',
  url: '/api/objects/normalize-path',
  summary: 'The objectPath of an upload address',
  config: { auth: 'user', limit: 'otherWrites' },
  schema: { body: normalizePathBody, response: { 200: objectPathResponse } },
  handler: async ({ request, ctx, userId }) => {
    const key = keyOfAddress(ctx.storage, request.body.uploadURL, ctx.config.PUBLIC_URL);
    if (!key) throw new DomainError('invalid_upload', MEDIA_MESSAGES.notAnUploadUrl, 400, 'uploadURL');
    if (!isOwnUpload(key, userId))
      throw new DomainError('foreign_upload', MEDIA_MESSAGES.notYourUpload, 400, 'uploadURL');
    return { objectPath: objectPathOf(key) };
  },
});

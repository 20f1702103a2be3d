import { uploadUrlResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/objects/upload: a presigned PUT address on the object store for one new file of the
 * signed-in user's (valid 15 minutes). With the file's `size`, the store takes only a body of that
 * length. Nothing is recorded until the address is attached.
 */
export async function requestUploadUrl(size?: number): Promise<string> {
  return uploadUrlResponse.parse(
    await apiJson('POST', '/api/objects/upload', size === undefined ? undefined : { size }),
  ).uploadURL;
}

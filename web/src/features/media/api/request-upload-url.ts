import { uploadUrlResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/objects/upload: a presigned PUT address on the object store for one new file of the
 * signed-in user's (valid 15 minutes). Nothing is recorded until the address is attached.
 */
export async function requestUploadUrl(): Promise<string> {
  return uploadUrlResponse.parse(await apiJson('POST', '/api/objects/upload')).uploadURL;
}

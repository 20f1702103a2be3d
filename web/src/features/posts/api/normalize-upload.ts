import { objectPathResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/objects/normalize-path: the finished upload's `/objects/...` path, used as the post's imageUrl. */
export async function normalizeUploadPath(uploadURL: string): Promise<string> {
  return objectPathResponse.parse(await apiJson('POST', '/api/objects/normalize-path', { uploadURL })).objectPath;
}

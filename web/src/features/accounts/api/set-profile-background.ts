import { useMutation } from '@tanstack/react-query';
import { objectPathResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * PUT /api/profile/background with a finished upload's address: the server checks the file and
 * answers its objectPath, which Save Profile then stores as the background image.
 */
export async function setProfileBackground(uploadURL: string) {
  return objectPathResponse.parse(await apiJson('PUT', '/api/profile/background', { backgroundImageURL: uploadURL }));
}

export function useSetProfileBackground() {
  return useMutation({ mutationFn: setProfileBackground });
}

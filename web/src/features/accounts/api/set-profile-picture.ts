import { useMutation } from '@tanstack/react-query';
import { objectPathResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * PUT /api/profile/picture with a finished upload's address: the server checks the file (type,
 * size, owner) and answers its objectPath, which Save Profile then stores as the picture.
 */
export async function setProfilePicture(uploadURL: string) {
  return objectPathResponse.parse(await apiJson('PUT', '/api/profile/picture', { profileImageURL: uploadURL }));
}

export function useSetProfilePicture() {
  return useMutation({ mutationFn: setProfilePicture });
}

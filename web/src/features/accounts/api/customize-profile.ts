import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customizedProfile, type CurrentUser, type CustomizeProfileBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { currentUserQueryKey, refreshCurrentUser } from '../../../lib/current-user.ts';

/**
 * PUT /api/profile/customize with the fields that changed (omitted = unchanged, null = cleared);
 * answers the profile's look as saved.
 */
export async function customizeProfile(body: CustomizeProfileBody) {
  return customizedProfile.parse(await apiJson('PUT', '/api/profile/customize', body));
}

export function useCustomizeProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: customizeProfile,
    onSuccess: (look) => {
      // The answer is the look after the change: show it at once, then read the user back at the
      // change's position (X-Min-Position) so every later read agrees.
      queryClient.setQueryData<CurrentUser>(currentUserQueryKey, (user) => (user ? { ...user, ...look } : user));
      return refreshCurrentUser(queryClient);
    },
  });
}

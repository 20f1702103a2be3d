import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type PrivacySettingsBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { refreshCurrentUser } from '../../../lib/current-user.ts';

/** PATCH /api/users/privacy with the switch(es) that changed; the user's flags change with it. */
export async function updatePrivacy(body: PrivacySettingsBody) {
  return messageResponse.parse(await apiJson('PATCH', '/api/users/privacy', body));
}

export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

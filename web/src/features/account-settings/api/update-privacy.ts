import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, PrivacySettingsBody } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** PATCH /api/users/privacy with the switch(es) that changed; the user's flags change with it. */
export function updatePrivacy(body: PrivacySettingsBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('PATCH', '/api/users/privacy', body);
}

export function useUpdatePrivacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePrivacy,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

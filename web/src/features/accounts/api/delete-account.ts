import { useLocation } from 'wouter';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@myworld/schemas';
import { apiRequest } from '../../../lib/api-client.ts';
import { signOutLocally } from '../../../lib/current-user.ts';

/** DELETE /api/auth/account {password}: deletes the account and ends every session. */
export async function deleteAccount(body: DeleteAccountBody): Promise<void> {
  await apiRequest('DELETE', '/api/auth/account', body);
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    // Home first: the page left behind may be for signed-in users only.
    onSuccess: () => {
      navigate('/');
      signOutLocally(queryClient);
    },
  });
}

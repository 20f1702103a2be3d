import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { signOutLocally } from '../../../lib/current-user.ts';

/** POST /api/auth/logout: the server ends the session and clears its cookie. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    // Spec §4: even if the server call fails, the user is logged out here.
    onSettled: () => signOutLocally(queryClient),
  });
}

import { useLocation } from 'wouter';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { signOutLocally } from '../../../lib/current-user.ts';

/** POST /api/auth/logout: the server ends the session and clears its cookie. */
export async function signOut(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: signOut,
    // Logging out always succeeds here, even when the server call fails: nobody is signed in and
    // every cached read is dropped. Home first: the page left behind may be for signed-in users only.
    onSettled: () => {
      navigate('/');
      signOutLocally(queryClient);
    },
  });
}

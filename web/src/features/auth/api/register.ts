import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageResponse, RegisterBody } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** POST /api/auth/register: creates the account, signs it in (session cookie) and answers { message }. */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // Awaited, so the caller lands on / with the new user already loaded.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, MessageResponse } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** POST /api/auth/login: the server sets the session cookie and answers { message }. */
export function login(body: LoginBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

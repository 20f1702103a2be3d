import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, MessageResponse } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';

/** POST /api/auth/login: the server sets the session cookie and answers { message }. */
export function login(body: LoginBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/login', body);
}

/**
 * The caller refreshes the current user itself (see `refreshCurrentUser`): refreshing at once
 * would switch to the signed-in routes before the spec's 500 ms on the sign-in page.
 */
export function useLogin() {
  return useMutation({ mutationFn: login });
}

export function useRefreshCurrentUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
}

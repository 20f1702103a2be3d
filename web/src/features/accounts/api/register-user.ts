import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponse, type RegisterBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { refreshCurrentUser } from '../../../lib/current-user.ts';

/** POST /api/auth/register: creates the account, signs it in (session cookie) and answers { message }. */
export async function registerUser(body: RegisterBody) {
  return messageResponse.parse(await apiJson('POST', '/api/auth/register', body));
}

export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerUser,
    // Awaited, so the caller lands on / with the new user already loaded.
    onSuccess: () => refreshCurrentUser(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { emailChangedResponse, type ConfirmEmailChangeBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';
import { refreshCurrentUser } from '../../../lib/current-user.ts';

/** POST /api/auth/email-change/confirm {token}: the emailed link's token; answers the account's new address. */
export async function confirmEmailChange(body: ConfirmEmailChangeBody) {
  return emailChangedResponse.parse(await apiJson('POST', '/api/auth/email-change/confirm', body));
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  // The signed-in user's address changed: read it again so Account Settings shows the new one.
  return useMutation({ mutationFn: confirmEmailChange, onSuccess: () => refreshCurrentUser(queryClient) });
}

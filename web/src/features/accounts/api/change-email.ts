import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ChangeEmailBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/email-change {newEmail, password}: mails a confirmation link to the new address.
 * Changes no read: the account keeps its address until that link is followed.
 */
export async function changeEmail(body: ChangeEmailBody) {
  return messageResponse.parse(await apiJson('POST', '/api/auth/email-change', body));
}

export function useChangeEmail() {
  return useMutation({ mutationFn: changeEmail });
}

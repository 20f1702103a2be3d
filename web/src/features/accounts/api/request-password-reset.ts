import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ForgotPasswordBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * POST /api/auth/forgot-password: mails a reset link, and answers the same whether or not the
 * address has an account. "Change Password" in Account Settings sends the signed-in user the same
 * link, so changing a password always proves the inbox. Changes no read.
 */
export async function requestPasswordReset(body: ForgotPasswordBody) {
  return messageResponse.parse(await apiJson('POST', '/api/auth/forgot-password', body));
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

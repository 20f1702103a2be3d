import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ResetPasswordBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password with the emailed token and the new password. Changes no read. */
export async function resetPassword(body: ResetPasswordBody) {
  return messageResponse.parse(await apiJson('POST', '/api/auth/reset-password', body));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

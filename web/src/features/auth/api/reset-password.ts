import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, ResetPasswordBody } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password with the emailed token and the new password. */
export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody, MessageResponse } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: answers the same whether or not the address has an account. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}

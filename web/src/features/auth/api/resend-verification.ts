import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-verification with an empty JSON body: mails the signed-in user a new link. */
export function resendVerification(): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/resend-verification', {});
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/resend-verification with an empty JSON body: mails the signed-in user a new link. Changes no read. */
export async function resendVerification() {
  return messageResponse.parse(await apiJson('POST', '/api/auth/resend-verification', {}));
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}

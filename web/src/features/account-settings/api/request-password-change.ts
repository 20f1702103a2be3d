import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@myworld/schemas/auth';
import { apiJson } from '../../../lib/api-client.ts';

/**
 * "Change Password" for a signed-in user mails them the same reset link as "Forgot your
 * password?" (POST /api/auth/forgot-password), so changing a password always proves the inbox.
 */
export function requestPasswordChange(email: string): Promise<MessageResponse> {
  return apiJson<MessageResponse>('POST', '/api/auth/forgot-password', { email });
}

export function useRequestPasswordChange() {
  return useMutation({ mutationFn: requestPasswordChange });
}

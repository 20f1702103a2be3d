import { useMutation } from '@tanstack/react-query';
import { messageResponse, type LoginBody } from '@myworld/schemas';
import { apiJson } from '../../../lib/api-client.ts';

/** POST /api/auth/login: the server sets the session cookie and answers { message }. */
export async function signIn(body: LoginBody) {
  return messageResponse.parse(await apiJson('POST', '/api/auth/login', body));
}

/**
 * Signing in changes the current user, but the caller refreshes it itself (`refreshCurrentUser`)
 * after the sign-in page's 500 ms: refreshing at once would switch to the signed-in routes before
 * the welcome toast has been read.
 */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}

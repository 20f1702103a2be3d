import { AUTH_MESSAGES } from '@myworld/schemas';
import { TooManyAttemptsError } from '../../platform/rate-limits/attempt-limiter.ts';
import type { LoginThrottle } from '../../platform/rate-limits/login-throttle.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Whether `password` is the account's, for a command that a signed-in user confirms with it
 * (account deletion, email change). Wrong passwords count as failed sign-ins of the account from
 * that address, with the same waits (429 once they apply), so a stolen session cannot guess it.
 */
export async function passwordConfirms(
  loginThrottle: LoginThrottle,
  account: { readonly email: string; readonly passwordHash: string },
  password: string,
  address: string,
): Promise<boolean> {
  // A signed-in session proves a sign-in on this device: the account's lock for new devices does not apply.
  const refusal = await loginThrottle.begin(account.email, address, { knownDevice: true });
  if (refusal) throw new TooManyAttemptsError(AUTH_MESSAGES.tooManyPasswordAttempts, refusal.retryAfterSeconds);
  let matches: boolean;
  try {
    matches = await verifyPassword(password, account.passwordHash);
  } catch (error) {
    await loginThrottle.abandon(account.email, address).catch(() => undefined);
    throw error;
  }
  if (matches) await loginThrottle.succeed(account.email, address);
  else await loginThrottle.fail(account.email, address);
  return matches;
}

import { ACCOUNTS_STREAMS, type Position } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { loadForCommand, type CommandContext } from '@myworld/write-model';
import type { LoginThrottle } from '../../platform/rate-limits/login-throttle.ts';
import { passwordConfirms } from './password-confirmation.ts';
import { releaseEmail, userDecider, requireAccount, runUserCommand } from '@myworld/write-model/accounts';

export interface AccountDeletionDeps {
  readonly store: EventStore;
  /** Wrong passwords count as failed sign-ins of the account from that address (same waits). */
  readonly loginThrottle: LoginThrottle;
  /** PERSONAL_DATA_SECRET: finds the email's reservation stream. */
  readonly emailSecret: string;
  /** Ends every session of the user on every API instance. */
  endSessions(userId: string): Promise<unknown>;
  warn(details: object, message: string): void;
}

/**
 * Deletes an account after checking its password: appends AccountDeleted (the event store then
 * destroys the user's personal-data key), ends every session, and releases the email at once. The
 * username stays reserved; the workers release it USERNAME_HOLD_AFTER_DELETION_MS later.
 *
 * A retry under the same Idempotency-Key is answered from the stored AccountDeleted and ends the
 * sessions again. If the email release is lost (a crash), the reservation rule frees an email
 * held by a deleted account at the next registration (reservation.decider.ts).
 */
export async function deleteAccount(
  deps: AccountDeletionDeps,
  request: { userId: string; password: string; address: string },
  context: CommandContext,
): Promise<{ position: Position | null }> {
  const { store, loginThrottle } = deps;
  const { userId, password, address } = request;
  const { state: user, stored } = await loadForCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, context);
  if (stored) {
    await deps.endSessions(userId);
    return { position: stored.position };
  }
  const account = requireAccount(user);
  const passwordMatches = await passwordConfirms(loginThrottle, account, password, address);

  // The decider refuses a wrong password (403 naming it) and an account deleted meanwhile.
  const result = await runUserCommand(
    store,
    userId,
    { type: 'DeleteAccount', passwordMatches, now: new Date() },
    context,
  );
  await deps.endSessions(userId);
  await releaseEmail(store, deps.emailSecret, account.email, userId, { metadata: context.metadata }).catch(
    (error: unknown) =>
      deps.warn(
        { err: error, userId },
        'email of a deleted account not released; the next registration of it frees it',
      ),
  );
  return { position: result.position };
}

import { randomUUID } from 'node:crypto';
import type { EventStore } from '@myworld/eventstore';
import { ACCOUNTS_STREAMS, ROLE_MESSAGES, operatorActor, type Role } from '@myworld/schemas';
import { loadAggregate } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { usernameReservation } from '../accounts/reservation.decider.ts';
import { loadUser } from '../accounts/user.store.ts';
import { runRolesCommand } from './roles.store.ts';

/** What an operator asks `npm run admin` on the server. */
export interface OperatorRoleChange {
  readonly action: 'grant' | 'revoke';
  readonly role: string;
  readonly username: string;
  /** The operator's login name; recorded as `cli:<name>` in the event and its metadata. */
  readonly operator: string;
  readonly reason?: string | undefined;
}

export interface OperatorRoleResult {
  readonly userId: string;
  readonly username: string;
  /** False when the user already held the role (a grant records nothing then). */
  readonly changed: boolean;
  readonly roles: readonly Role[];
}

/**
 * The operator path (the first admin, and recovery when no admin is left): appends the role event
 * straight to the log, through the same decider as the admin routes, but with the operator as
 * actor, so it may also revoke an admin role from its holder. The user is found through the
 * username's reservation stream and their own stream, so it works before any read model is built.
 */
export async function changeRoleAsOperator(
  store: EventStore,
  change: OperatorRoleChange,
  now = new Date(),
): Promise<OperatorRoleResult> {
  const username = change.username.trim().toLowerCase();
  const userId = await userIdByUsername(store, username);
  if (!userId) throw new DomainError('not_found', `${ROLE_MESSAGES.userNotFound}: ${username}`, 404, 'username');
  const actor = operatorActor(change.operator);
  const by = { kind: 'operator', id: actor } as const;
  const command =
    change.action === 'grant'
      ? { type: 'GrantRole' as const, userId, role: change.role, reason: change.reason, by, now }
      : { type: 'RevokeRole' as const, userId, role: change.role, by, now };
  const metadata = {
    actorId: actor,
    correlationId: randomUUID(),
    causationId: null,
    requestId: null,
    client: { userAgentClass: 'cli' as const, country: null },
    timestamp: now.toISOString(),
  };
  const result = await runRolesCommand(store, command, { metadata });
  return { userId, username, changed: result.appended, roles: [...result.state.held].sort() };
}

/** The registered user holding `username`, from the log; null when nobody does. */
async function userIdByUsername(store: EventStore, username: string): Promise<string | null> {
  const holder = (await loadAggregate(store, ACCOUNTS_STREAMS.username(username), usernameReservation(username))).state
    .holder;
  if (!holder) return null;
  const user = await loadUser(store, holder);
  return user.registered && user.username === username ? holder : null;
}

import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { userDecider, type UserCommand } from './user.decider.ts';
import type { UserState } from './user.state.ts';

/** The user stream (`user-{id}`): load it, or run one command on it. */

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.user(userId), userDecider)).state;
}

export function runUserCommand(store: EventStore, userId: string, command: UserCommand, context: CommandContext) {
  return handleCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, command, context);
}

/** The live account's email and password hash (what a password-confirmed command needs); 404 when there is none. */
export function requireAccount(user: UserState): { readonly email: string; readonly passwordHash: string } {
  if (!user.registered || !user.email || !user.passwordHash)
    throw new DomainError('user_not_found', 'No such account.', 404);
  return { email: user.email, passwordHash: user.passwordHash };
}

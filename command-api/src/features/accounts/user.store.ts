import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../../platform/commands/command-handler.ts';
import { userDecider, type UserCommand } from './user.decider.ts';
import type { UserState } from './user.state.ts';

/** The user stream (`user-{id}`): load it, or run one command on it. */

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.user(userId), userDecider)).state;
}

export function runUserCommand(store: EventStore, userId: string, command: UserCommand, context: CommandContext) {
  return handleCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, command, context);
}

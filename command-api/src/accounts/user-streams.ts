import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../commands/command-handler.ts';
import { userDecider, type UserCommand, type UserState } from './user.decider.ts';
import { emailReservation } from './reservation.decider.ts';

/** Reads and writes of the accounts streams that the routes share. */

export async function loadUser(store: EventStore, userId: string): Promise<UserState> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.user(userId), userDecider)).state;
}

/** The user holding `email`, from its reservation stream (the write side's own, consistent index). */
export async function userIdByEmail(store: EventStore, email: string): Promise<string | null> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.email(email), emailReservation(email))).state.holder;
}

export function runUserCommand(store: EventStore, userId: string, command: UserCommand, context: CommandContext) {
  return handleCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, command, context);
}

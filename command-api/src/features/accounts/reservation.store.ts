import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../../platform/commands/command-handler.ts';
import { emailReservation, usernameReservation, type ReservationCommand } from './reservation.decider.ts';

/** The reservation streams (`username-{name}`, `email-{email}`): load one, or run one command on it. */

// 20 people racing for one name: each loser needs a reload to learn it lost.
const RESERVATION_ATTEMPTS = 10;

/** The user holding `email`, from its reservation stream (the write side's own, consistent index). */
export async function userIdByEmail(store: EventStore, email: string): Promise<string | null> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.email(email), emailReservation(email))).state.holder;
}

export function runUsernameReservation(store: EventStore, username: string, command: ReservationCommand, context: CommandContext) {
  return handleCommand(store, ACCOUNTS_STREAMS.username(username), usernameReservation(username), command, context, RESERVATION_ATTEMPTS);
}

export function runEmailReservation(store: EventStore, email: string, command: ReservationCommand, context: CommandContext) {
  return handleCommand(store, ACCOUNTS_STREAMS.email(email), emailReservation(email), command, context, RESERVATION_ATTEMPTS);
}

import { AUTH_MESSAGES } from '@myworld/schemas';
import type { Decider } from '../../platform/commands/decider.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import {
  evolveReservation,
  initialReservationState,
  type EmailReservationEvent,
  type ReservationEvent,
  type ReservationState,
  type UsernameReservationEvent,
} from './reservation.state.ts';

/**
 * One value (a username, an email) can be taken once. A registration that fails after taking a
 * value releases it again. Reserving what the same user already holds is a no-op, so a retried
 * registration (same user id, derived from its Idempotency-Key) passes through.
 */
export type ReservationCommand = { readonly type: 'Reserve'; readonly userId: string } | { readonly type: 'Release'; readonly userId: string };

function reservationDecider<E extends ReservationEvent>(
  kind: 'username' | 'email',
  reserved: (userId: string) => E,
  released: (userId: string) => E,
): Decider<ReservationState, ReservationCommand, E> {
  const taken = kind === 'username' ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.emailTaken;
  return {
    initialState: initialReservationState,
    decide: (command, state) => {
      if (command.type === 'Reserve') {
        if (state.holder === command.userId) return [];
        if (state.holder !== null) throw new DomainError(`${kind}_taken`, taken, 409, kind);
        return [reserved(command.userId)];
      }
      return state.holder === command.userId ? [released(command.userId)] : [];
    },
    evolve: evolveReservation,
  };
}

export const usernameReservation = (username: string) =>
  reservationDecider<UsernameReservationEvent>(
    'username',
    (userId) => ({ type: 'UsernameReserved', data: { username, userId } }),
    (userId) => ({ type: 'UsernameReleased', data: { username, userId } }),
  );

export const emailReservation = (email: string) =>
  reservationDecider<EmailReservationEvent>(
    'email',
    (userId) => ({ type: 'EmailReserved', data: { email, userId } }),
    (userId) => ({ type: 'EmailReleased', data: { email, userId } }),
  );

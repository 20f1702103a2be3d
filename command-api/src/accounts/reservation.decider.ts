import type { AccountsEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';

/**
 * A reservation stream (`username-{name}` or `email-{email}`) lets one value be taken once: it is
 * free (no stream, or released) or held by one user id. A registration that fails after taking
 * a value releases it again. Reserving what the same user already holds is a no-op, so a
 * retried registration (same user id, derived from its Idempotency-Key) passes through.
 */
export type ReservationState = { readonly holder: string | null };
export type ReservationCommand = { type: 'Reserve'; userId: string } | { type: 'Release'; userId: string };

type UsernameEvent = Extract<AccountsEvent, { type: 'UsernameReserved' | 'UsernameReleased' }>;
type EmailEvent = Extract<AccountsEvent, { type: 'EmailReserved' | 'EmailReleased' }>;

export const TAKEN_MESSAGES = {
  username: 'This username is already taken',
  email: 'An account with this email already exists.',
} as const;

function reservationDecider<E extends UsernameEvent | EmailEvent>(
  kind: 'username' | 'email',
  reserved: (userId: string) => E,
  released: (userId: string) => E,
): Decider<ReservationState, ReservationCommand, E> {
  return {
    initialState: () => ({ holder: null }),
    decide: (command, state) => {
      if (command.type === 'Reserve') {
        if (state.holder === command.userId) return [];
        if (state.holder !== null) throw new DomainError(`${kind}_taken`, TAKEN_MESSAGES[kind], 409, kind);
        return [reserved(command.userId)];
      }
      return state.holder === command.userId ? [released(command.userId)] : [];
    },
    evolve: (_state, event) => ({ holder: event.type.endsWith('Reserved') ? event.data.userId : null }),
  };
}

export const usernameReservation = (username: string) =>
  reservationDecider<UsernameEvent>(
    'username',
    (userId) => ({ type: 'UsernameReserved', data: { username, userId } }),
    (userId) => ({ type: 'UsernameReleased', data: { username, userId } }),
  );

export const emailReservation = (email: string) =>
  reservationDecider<EmailEvent>(
    'email',
    (userId) => ({ type: 'EmailReserved', data: { email, userId } }),
    (userId) => ({ type: 'EmailReleased', data: { email, userId } }),
  );

import { AUTH_MESSAGES, USERNAME_HOLD_AFTER_DELETION_MS } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError, IdempotencyKeyReusedError } from '../commands/domain-error.ts';
import {
  evolveReservation,
  initialReservationState,
  type EmailReservationEvent,
  type ReservationEvent,
  type ReservationState,
  type UsernameReservationEvent,
} from './reservation.state.ts';

/**
 * One value (a username, an email) can be taken once. A registration that is refused after taking
 * a value releases it again. Reserving what the same user already holds is a no-op, so a retried
 * registration (same user id, derived from its Idempotency-Key) passes through; but when the
 * holding reservation was made by another request (another fingerprint) under that key, the
 * retry is refused with 422, so two different bodies never share one reservation.
 *
 * A reservation whose holder never registered with it (a crash between reserving and recording the
 * user) is an orphan once `orphanAfterMs` has passed since it was made: a new registration then
 * releases it and takes the value. So does one whose holder deleted their account at least the
 * kind's hold ago: a username stays reserved USERNAME_HOLD_AFTER_DELETION_MS (nobody can pose as
 * the deleted user at once), an email is free at once. Account deletion also releases both itself
 * (the email at once, the username by a delayed job); this rule only makes sure a lost release
 * never keeps a value taken. The store supplies the facts (reservation time, whether the holder's
 * user stream registered this value, when it was deleted), so the decision stays pure.
 */
export interface ReservationHolder {
  readonly userId: string;
  /** When the holding reservation was recorded. */
  readonly reservedAt: Date;
  /** The fingerprint of the request that made it (null: unknown). */
  readonly requestFingerprint: string | null;
  /** Whether the holder's user stream has a `UserRegistered` with this value. */
  readonly registered: boolean;
  /** When the holder's account was deleted; null while it lives. */
  readonly deletedAt: Date | null;
}

export type ReservationCommand =
  | {
      readonly type: 'Reserve';
      readonly userId: string;
      readonly requestFingerprint: string | null;
      readonly now: Date;
      readonly orphanAfterMs: number;
      /** Facts about the current holder, loaded with the stream; null when the value is free. */
      readonly holder: ReservationHolder | null;
    }
  | { readonly type: 'Release'; readonly userId: string };

function reservationDecider<E extends ReservationEvent>(
  kind: 'username' | 'email',
  reserved: (userId: string) => E,
  released: (userId: string) => E,
  holdAfterDeletionMs: number,
): Decider<ReservationState, ReservationCommand, E> {
  const taken = kind === 'username' ? AUTH_MESSAGES.usernameTaken : AUTH_MESSAGES.emailTaken;
  return {
    initialState: initialReservationState,
    decide: (command, state) => {
      if (command.type === 'Release') return state.holder === command.userId ? [released(command.userId)] : [];
      if (state.holder === null) return [reserved(command.userId)];
      // Facts about another holder than the one in the stream are stale: judge as taken.
      const holder = command.holder?.userId === state.holder ? command.holder : null;
      if (state.holder === command.userId) {
        const other =
          holder?.requestFingerprint &&
          command.requestFingerprint &&
          holder.requestFingerprint !== command.requestFingerprint;
        if (other) throw new IdempotencyKeyReusedError();
        return [];
      }
      const orphaned =
        holder !== null &&
        !holder.registered &&
        command.now.getTime() - holder.reservedAt.getTime() >= command.orphanAfterMs;
      const heldLongEnoughAfterDeletion =
        holder?.deletedAt != null && command.now.getTime() - holder.deletedAt.getTime() >= holdAfterDeletionMs;
      if (orphaned || heldLongEnoughAfterDeletion) return [released(state.holder), reserved(command.userId)];
      throw new DomainError(`${kind}_taken`, taken, 409, kind);
    },
    evolve: evolveReservation,
  };
}

export const usernameReservation = (username: string) =>
  reservationDecider<UsernameReservationEvent>(
    'username',
    (userId) => ({ type: 'UsernameReserved', data: { username, userId } }),
    (userId) => ({ type: 'UsernameReleased', data: { username, userId } }),
    USERNAME_HOLD_AFTER_DELETION_MS,
  );

export const emailReservation = (email: string) =>
  reservationDecider<EmailReservationEvent>(
    'email',
    (userId) => ({ type: 'EmailReserved', data: { email, userId } }),
    (userId) => ({ type: 'EmailReleased', data: { email, userId } }),
    0,
  );

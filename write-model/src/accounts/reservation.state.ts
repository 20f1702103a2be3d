import type { AccountsEvent } from '@myworld/schemas';

/**
 * A reservation stream (`username-{name}` or `email-{email}`) as its events leave it: free (no
 * stream, or released) or held by one user id.
 */
export interface ReservationState {
  readonly holder: string | null;
}

export type UsernameReservationEvent = Extract<AccountsEvent, { type: 'UsernameReserved' | 'UsernameReleased' }>;
export type EmailReservationEvent = Extract<AccountsEvent, { type: 'EmailReserved' | 'EmailReleased' }>;
export type ReservationEvent = UsernameReservationEvent | EmailReservationEvent;

export const initialReservationState = (): ReservationState => ({ holder: null });

export function evolveReservation(_state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case 'UsernameReserved':
    case 'EmailReserved':
      return { holder: event.data.userId };
    case 'UsernameReleased':
    case 'EmailReleased':
      return { holder: null };
  }
}

import { ACCOUNTS_STREAMS } from '@myworld/schemas';
import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../../platform/commands/command-handler.ts';
import { emailReservation, usernameReservation, type ReservationCommand } from './reservation.decider.ts';
import type { ReservationState } from './reservation.state.ts';
import { loadUser } from './user.store.ts';

/** The reservation streams (`username-{name}`, `email-{email}`): load one, or run one command on it. */

// 20 people racing for one name: each loser needs a reload to learn it lost.
const RESERVATION_ATTEMPTS = 10;

/** What a caller asks; the store adds the facts about the current holder from the stream it loaded. */
export type ReservationRequest =
  | { readonly type: 'Reserve'; readonly userId: string; readonly requestFingerprint?: string | null; readonly now?: Date; readonly orphanAfterMs: number }
  | { readonly type: 'Release'; readonly userId: string };

/** The user holding `email`, from its reservation stream (the write side's own, consistent index). */
export async function userIdByEmail(store: EventStore, email: string): Promise<string | null> {
  return (await loadAggregate(store, ACCOUNTS_STREAMS.email(email), emailReservation(email))).state.holder;
}

export function runUsernameReservation(store: EventStore, username: string, request: ReservationRequest, context: CommandContext) {
  const build = commandFor(store, request, 'UsernameReserved', (user) => user.username === username);
  return handleCommand(store, ACCOUNTS_STREAMS.username(username), usernameReservation(username), build, context, RESERVATION_ATTEMPTS);
}

export function runEmailReservation(store: EventStore, email: string, request: ReservationRequest, context: CommandContext) {
  const build = commandFor(store, request, 'EmailReserved', (user) => user.email === email);
  return handleCommand(store, ACCOUNTS_STREAMS.email(email), emailReservation(email), build, context, RESERVATION_ATTEMPTS);
}

/**
 * Builds the decider's command from the stream as loaded on this attempt: when the value is held,
 * when it was reserved, by which request, and whether the holder's user stream registered it.
 */
function commandFor(
  store: EventStore,
  request: ReservationRequest,
  reservedType: 'UsernameReserved' | 'EmailReserved',
  usesValue: (user: Awaited<ReturnType<typeof loadUser>>) => boolean,
) {
  return async ({ state, history }: { state: ReservationState; history: RecordedEvent[] }): Promise<ReservationCommand> => {
    if (request.type === 'Release') return request;
    const command = { type: 'Reserve' as const, userId: request.userId, requestFingerprint: request.requestFingerprint ?? null, now: request.now ?? new Date(), orphanAfterMs: request.orphanAfterMs };
    if (state.holder === null) return { ...command, holder: null };
    const reservation = history.findLast((e) => e.type === reservedType);
    if (!reservation) return { ...command, holder: null };
    // Only another holder's registration matters (our own reservation is judged by fingerprint).
    const registered = state.holder === request.userId ? true : usesValue(await loadUser(store, state.holder));
    return {
      ...command,
      holder: { userId: state.holder, reservedAt: reservation.createdAt, requestFingerprint: reservation.metadata.requestFingerprint ?? null, registered },
    };
  };
}

import { randomUUID } from 'node:crypto';
import { ACCOUNTS_STREAMS, AUTH_MESSAGES } from '@myworld/schemas';
import { emailDigest } from '@myworld/schemas/server';
import type { EventStore, RecordedEvent } from '@myworld/eventstore';
import { handleCommand, loadAggregate, type CommandContext } from '../commands/command-handler.ts';
import { DomainError } from '../commands/domain-error.ts';
import { emailReservation, usernameReservation, type ReservationCommand } from './reservation.decider.ts';
import type { ReservationState } from './reservation.state.ts';
import { loadUser } from './user.store.ts';

/**
 * The reservation streams (`username-{name}`, `email-{digest}`): load one, or run one command on it.
 * `secret` is PERSONAL_DATA_SECRET, which keys the email digest (see emailDigest).
 */

// 20 people racing for one name: each loser needs a reload to learn it lost.
const RESERVATION_ATTEMPTS = 10;

/** What a caller asks; the store adds the facts about the current holder from the stream it loaded. */
export type ReservationRequest =
  | {
      readonly type: 'Reserve';
      readonly userId: string;
      readonly requestFingerprint?: string | null;
      readonly now?: Date;
      readonly orphanAfterMs: number;
    }
  | { readonly type: 'Release'; readonly userId: string };

const emailStream = (secret: string, email: string) => ACCOUNTS_STREAMS.email(emailDigest(secret, email));
/**
 * Email streams written before email digests were named by the address itself. They are still
 * read (sign-in, uniqueness) and released, never made any more; their events stay readable (not
 * shreddable), see docs/account-deletion.md.
 */
const legacyEmailStream = (email: string) => `email-${email}`;

const holderOf = async (store: EventStore, stream: string, email: string) =>
  (await loadAggregate(store, stream, emailReservation(email))).state.holder;

/** The user holding `email`, from its reservation stream (the write side's own, consistent index). */
export async function userIdByEmail(store: EventStore, secret: string, email: string): Promise<string | null> {
  return (await holderOf(store, emailStream(secret, email), email)) ?? holderOf(store, legacyEmailStream(email), email);
}

/** Refuses (409, naming `field`) an address that `holderId`, another account than `userId`, holds and still uses. */
export async function assertNotUsedByOther(
  store: EventStore,
  holderId: string,
  email: string,
  userId: string,
  field = 'email',
): Promise<void> {
  if (holderId === userId) return;
  const holder = await loadUser(store, holderId);
  if (holder.registered && holder.email === email)
    throw new DomainError('email_taken', AUTH_MESSAGES.emailTaken, 409, field);
}

/** Refuses (409, naming the email) an address an account from before email digests still holds. */
async function assertNoLegacyHolder(store: EventStore, email: string, userId: string): Promise<void> {
  const holder = await holderOf(store, legacyEmailStream(email), email);
  if (holder !== null) await assertNotUsedByOther(store, holder, email, userId);
}

/** Releases `email` wherever `userId` holds it (a no-op where it does not). */
export async function releaseEmail(
  store: EventStore,
  secret: string,
  email: string,
  userId: string,
  context: CommandContext,
): Promise<void> {
  const release = { type: 'Release' as const, userId };
  await handleCommand(
    store,
    emailStream(secret, email),
    emailReservation(email),
    release,
    context,
    RESERVATION_ATTEMPTS,
  );
  await handleCommand(store, legacyEmailStream(email), emailReservation(email), release, context, RESERVATION_ATTEMPTS);
}

export function runUsernameReservation(
  store: EventStore,
  username: string,
  request: ReservationRequest,
  context: CommandContext,
) {
  const build = commandFor(store, request, 'UsernameReserved', (user) => user.username === username);
  return handleCommand(
    store,
    ACCOUNTS_STREAMS.username(username),
    usernameReservation(username),
    build,
    context,
    RESERVATION_ATTEMPTS,
  );
}

/**
 * Whether a new registration could reserve `username` now: the reservation decider's own answer
 * on the stream as it stands (free, released, orphaned, or held past a deleted account's hold),
 * so the availability check and registration always agree, with no read model in between.
 */
export async function isUsernameReservable(
  store: EventStore,
  username: string,
  orphanAfterMs: number,
): Promise<boolean> {
  const decider = usernameReservation(username);
  const loaded = await loadAggregate(store, ACCOUNTS_STREAMS.username(username), decider);
  // Nobody holds a fresh random id, so the decider judges it as any newcomer.
  const build = commandFor(
    store,
    { type: 'Reserve', userId: randomUUID(), orphanAfterMs },
    'UsernameReserved',
    (user) => user.username === username,
  );
  try {
    decider.decide(await build(loaded), loaded.state);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'username_taken') return false;
    throw error;
  }
}

/** Reserving also refuses an address an account from before email digests still uses (its stream has another name). */
export async function runEmailReservation(
  store: EventStore,
  secret: string,
  email: string,
  request: ReservationRequest,
  context: CommandContext,
) {
  if (request.type === 'Reserve') await assertNoLegacyHolder(store, email, request.userId);
  const build = commandFor(store, request, 'EmailReserved', (user) => user.email === email);
  return handleCommand(
    store,
    emailStream(secret, email),
    emailReservation(email),
    build,
    context,
    RESERVATION_ATTEMPTS,
  );
}

/**
 * Builds the decider's command from the stream as loaded on this attempt: when the value is held,
 * when it was reserved, by which request, whether the holder's user stream registered it, and
 * when the holder deleted their account.
 */
function commandFor(
  store: EventStore,
  request: ReservationRequest,
  reservedType: 'UsernameReserved' | 'EmailReserved',
  usesValue: (user: Awaited<ReturnType<typeof loadUser>>) => boolean,
) {
  return async ({
    state,
    history,
  }: {
    state: ReservationState;
    history: RecordedEvent[];
  }): Promise<ReservationCommand> => {
    if (request.type === 'Release') return request;
    const command = {
      type: 'Reserve' as const,
      userId: request.userId,
      requestFingerprint: request.requestFingerprint ?? null,
      now: request.now ?? new Date(),
      orphanAfterMs: request.orphanAfterMs,
    };
    if (state.holder === null) return { ...command, holder: null };
    const reservation = history.findLast((e) => e.type === reservedType);
    if (!reservation) return { ...command, holder: null };
    // Only another holder's account matters (our own reservation is judged by fingerprint).
    const holder = state.holder === request.userId ? null : await loadUser(store, state.holder);
    return {
      ...command,
      holder: {
        userId: state.holder,
        reservedAt: reservation.createdAt,
        requestFingerprint: reservation.metadata.requestFingerprint ?? null,
        // A deleted holder still uses its username until the hold is over.
        registered: holder === null || usesValue(holder),
        deletedAt: holder?.deletedAt ? new Date(holder.deletedAt) : null,
      },
    };
  };
}

import { randomUUID } from 'node:crypto';
import { ACCOUNTS_STREAMS, VERIFICATION_TOKEN_TTL_MS, type Position, type RegisterBody } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import { replayIfStored, type CommandContext, uuidV5, DomainError } from '@myworld/write-model';
import { hashPassword } from './passwords.ts';
import {
  runEmailReservation,
  runUsernameReservation,
  userDecider,
  loadUser,
  runUserCommand,
} from '@myworld/write-model/accounts';
import { issueToken } from './tokens.ts';

export interface RegistrationOptions {
  readonly tokenSecret: string;
  /** PERSONAL_DATA_SECRET: keys the digest that names the email's reservation stream. */
  readonly emailSecret: string;
  /** A reservation whose holder never registered is reclaimable after this long (RESERVATION_ORPHAN_SECONDS). */
  readonly orphanAfterMs: number;
  /** PASSWORD_HASH_COST (log2 of scrypt's N). Default: 17. */
  readonly passwordHashCost?: number;
}

/**
 * Registration across three streams: reserve the username, reserve the email, then record the
 * user. Each reservation is an append that only one user id can win.
 *
 * Idempotency: with an Idempotency-Key the user id derives from the key, so a retry targets the
 * same streams. The request's fingerprint (method, route, whole body, keyed by TOKEN_SECRET) is
 * stored with every event it appends. A retry is answered from the stored user stream (no new
 * hash, no new events); a request with another body under the same key is refused with 422 at
 * the first stream where it meets the stored request (a reservation made under the key by another
 * fingerprint, or the stored registration), so it never gets a session.
 *
 * Rollback: only a definite refusal (a DomainError: nothing of that step was written) releases
 * what this call reserved, and only values the user stream, reloaded, does not use. Any other
 * failure (a timeout, an error after the append may have committed) releases nothing; a
 * reservation whose user never registered is reclaimed after `orphanAfterMs` by the next
 * registration of that value (see reservation.decider.ts).
 */
export async function registerUser(
  store: EventStore,
  body: RegisterBody,
  context: CommandContext,
  options: RegistrationOptions,
): Promise<{ userId: string; position: Position | null; appended: boolean }> {
  const userId = context.idempotencyKey
    ? uuidV5(`accounts:register:${context.idempotencyScope ?? ''}:${context.idempotencyKey}`)
    : randomUUID();
  const fingerprint = context.requestFingerprint ?? null;
  const metadata = {
    ...context.metadata,
    actorId: userId,
    ...(fingerprint ? { requestFingerprint: fingerprint } : {}),
  };
  const userContext: CommandContext = { ...context, metadata };

  // A retry of a stored registration is answered from the log before any password is hashed.
  const stored = await replayIfStored(store, ACCOUNTS_STREAMS.user(userId), userDecider, userContext);
  if (stored) return { userId, position: stored.position, appended: false };

  const passwordHash = await hashPassword(body.password, options.passwordHashCost);
  // Reservations carry no key (their ids are random); the fingerprint in their metadata tells
  // whether a same-user holder was made by this very request.
  const plain: CommandContext = { metadata };
  const reserve = {
    type: 'Reserve' as const,
    userId,
    requestFingerprint: fingerprint,
    orphanAfterMs: options.orphanAfterMs,
  };

  const taken: Array<{ value: 'username' | 'email'; release: () => Promise<unknown> }> = [];
  try {
    const username = await runUsernameReservation(store, body.username, reserve, plain);
    if (username.appended)
      taken.push({
        value: 'username',
        release: () => runUsernameReservation(store, body.username, { type: 'Release', userId }, plain),
      });
    const email = await runEmailReservation(store, options.emailSecret, body.email, reserve, plain);
    if (email.appended)
      taken.push({
        value: 'email',
        release: () => runEmailReservation(store, options.emailSecret, body.email, { type: 'Release', userId }, plain),
      });

    const now = new Date();
    const verification = issueToken(options.tokenSecret, userId, VERIFICATION_TOKEN_TTL_MS, now);
    const { firstName, lastName, birthDate } = body;
    const result = await runUserCommand(
      store,
      userId,
      {
        type: 'Register',
        userId,
        username: body.username,
        email: body.email,
        firstName,
        lastName,
        birthDate,
        passwordHash,
        verification,
        now,
      },
      userContext,
    );
    return { userId, position: result.position, appended: result.appended };
  } catch (error) {
    if (error instanceof DomainError && taken.length > 0) await releaseUnused(store, userId, body, taken);
    throw error;
  }
}

/** Releases what a refused registration reserved, except values the user stream (reloaded) registered. */
async function releaseUnused(
  store: EventStore,
  userId: string,
  body: RegisterBody,
  taken: ReadonlyArray<{ value: 'username' | 'email'; release: () => Promise<unknown> }>,
): Promise<void> {
  // If the user stream cannot be read, release nothing: the orphan window frees the values later.
  const user = await loadUser(store, userId).catch(() => null);
  if (!user) return;
  const used = (value: 'username' | 'email') =>
    user.registered && (value === 'username' ? user.username === body.username : user.email === body.email);
  await Promise.allSettled(taken.filter((t) => !used(t.value)).map((t) => t.release()));
}

import { randomUUID } from 'node:crypto';
import { VERIFICATION_TOKEN_TTL_MS, type Position, type RegisterBody } from '@myworld/schemas';
import type { EventStore } from '@myworld/eventstore';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { uuidV5 } from '../../platform/commands/deterministic-id.ts';
import { DomainError } from '../../platform/commands/domain-error.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { runEmailReservation, runUsernameReservation } from './reservation.store.ts';
import { issueToken } from './tokens.ts';
import { runUserCommand } from './user.store.ts';

/**
 * Registration across three streams: reserve the username, reserve the email, then record the
 * user. Each reservation is an append that only one user id can win; if a later step fails, what
 * this call reserved is released again. With an Idempotency-Key the user id is derived from the
 * key, so a retry targets the same streams, finds its own reservations and events, and appends
 * nothing new (one account, one verification email).
 */
export async function registerUser(
  store: EventStore,
  body: RegisterBody,
  context: CommandContext,
  tokenSecret: string,
): Promise<{ userId: string; position: Position | null; appended: boolean }> {
  const userId = context.idempotencyKey ? uuidV5(`accounts:register:${context.idempotencyScope ?? ''}:${context.idempotencyKey}`) : randomUUID();
  const metadata = { ...context.metadata, actorId: userId };
  // Reservations need no key: reserving what this user id already holds is a no-op.
  const plain: CommandContext = { metadata };
  const passwordHash = await hashPassword(body.password);

  const taken: Array<() => Promise<unknown>> = [];
  const releaseTaken = () => Promise.allSettled(taken.map((release) => release()));
  try {
    const username = await runUsernameReservation(store, body.username, { type: 'Reserve', userId }, plain);
    if (username.appended) taken.push(() => runUsernameReservation(store, body.username, { type: 'Release', userId }, plain));
    const email = await runEmailReservation(store, body.email, { type: 'Reserve', userId }, plain);
    if (email.appended) taken.push(() => runEmailReservation(store, body.email, { type: 'Release', userId }, plain));

    const now = new Date();
    const verification = issueToken(tokenSecret, userId, VERIFICATION_TOKEN_TTL_MS, now);
    const { firstName, lastName, birthDate } = body;
    const result = await runUserCommand(
      store,
      userId,
      { type: 'Register', userId, username: body.username, email: body.email, firstName, lastName, birthDate, passwordHash, verification, now },
      { ...context, metadata },
    );
    // A "retry" with the same key but other details is not a retry: refuse to sign anyone in.
    const sameRequest = async () =>
      result.state.username === body.username && result.state.email === body.email && result.state.passwordHash !== null && (await verifyPassword(body.password, result.state.passwordHash));
    if (!result.appended && !(await sameRequest())) {
      throw new DomainError('idempotency_key_reused', 'This Idempotency-Key was already used for a different registration.', 409, 'Idempotency-Key');
    }
    return { userId, position: result.position, appended: result.appended };
  } catch (error) {
    await releaseTaken();
    throw error;
  }
}

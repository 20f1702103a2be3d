import { ACCOUNTS_STREAMS, AUTH_MESSAGES, EMAIL_CHANGE_TOKEN_TTL_MS, type Position } from '@myworld/schemas';
import { hashToken, userIdOfToken } from '@myworld/schemas/server';
import type { EventStore } from '@myworld/eventstore';
import { loadForCommand, type CommandContext, DomainError } from '@myworld/write-model';
import type { AttemptLimiter } from '../../platform/rate-limits/attempt-limiter.ts';
import type { LoginThrottle } from '../../platform/rate-limits/login-throttle.ts';
import { LIMITS } from './limits.ts';
import { passwordConfirms } from './password-confirmation.ts';
import {
  assertNotUsedByOther,
  releaseEmail,
  runEmailReservation,
  userIdByEmail,
  userDecider,
  loadUser,
  requireAccount,
  runUserCommand,
} from '@myworld/write-model/accounts';
import { issueToken } from './tokens.ts';

/**
 * Changing an account's email in two steps. The request (confirmed by the password) records
 * EmailChangeRequested, and the workers mail a link to the new address; nothing else changes yet.
 * Following the link reserves the new address (its `email-{digest}` stream, as registration does),
 * records EmailChanged, then releases the old address. A crash between those steps leaves a
 * reservation the holder's user stream does not use, which the next registration of that value
 * reclaims after the orphan window (reservation.decider.ts).
 */
export interface EmailChangeDeps {
  readonly store: EventStore;
  readonly loginThrottle: LoginThrottle;
  readonly limiter: AttemptLimiter;
  /** TOKEN_SECRET: derives the emailed token. */
  readonly tokenSecret: string;
  /** PERSONAL_DATA_SECRET: names the email reservation streams. */
  readonly emailSecret: string;
  /** RESERVATION_ORPHAN_SECONDS in ms. */
  readonly orphanAfterMs: number;
  warn(details: object, message: string): void;
}

export async function requestEmailChange(
  deps: EmailChangeDeps,
  request: { userId: string; newEmail: string; password: string; address: string },
  context: CommandContext,
): Promise<{ position: Position | null }> {
  const { store } = deps;
  const { userId, newEmail } = request;
  const { state: user, stored } = await loadForCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, context);
  if (stored) return { position: stored.position };

  const account = requireAccount(user);
  if (newEmail === account.email) throw new DomainError('same_email', AUTH_MESSAGES.sameEmail, 400, 'newEmail');
  // Every attempt counts (wrong passwords too): whether an address is taken is only ever told a few times an hour.
  await deps.limiter.take(`email-change-attempts:${userId}`, LIMITS.emailChangeAttemptsPerAccount);
  // The password first: without it, nothing is said about the new address (no account enumeration).
  const passwordMatches = await passwordConfirms(deps.loginThrottle, account, request.password, request.address);
  if (!passwordMatches)
    throw new DomainError('wrong_password', AUTH_MESSAGES.wrongPasswordToChangeEmail, 403, 'password');
  // Told now rather than after the link is followed; the confirmation checks again.
  const holder = await userIdByEmail(store, deps.emailSecret, newEmail);
  if (holder !== null) await assertNotUsedByOther(store, holder, newEmail, userId, 'newEmail');

  const limitKey = `email-change-emails:${userId}`;
  // Only confirmed requests count; taken before the command so parallel ones cannot pass the cap.
  await deps.limiter.take(limitKey, LIMITS.emailChangeEmailsPerAccount);
  const change = issueToken(deps.tokenSecret, userId, EMAIL_CHANGE_TOKEN_TTL_MS, new Date());
  try {
    const result = await runUserCommand(
      store,
      userId,
      { type: 'RequestEmailChange', newEmail, passwordMatches, change },
      context,
    );
    return { position: result.position };
  } catch (error) {
    await deps.limiter.giveBack(limitKey);
    throw error;
  }
}

export async function confirmEmailChange(
  deps: EmailChangeDeps,
  token: string,
  context: CommandContext,
): Promise<{ position: Position | null; email: string }> {
  const { store } = deps;
  const invalid = () => new DomainError('invalid_token', AUTH_MESSAGES.emailChangeLinkInvalid, 400, 'token');
  const userId = userIdOfToken(token);
  if (!userId) throw invalid();
  const { state: user, stored } = await loadForCommand(store, ACCOUNTS_STREAMS.user(userId), userDecider, context);
  if (stored?.state.email) return { position: stored.position, email: stored.state.email };

  const tokenHash = hashToken(token);
  const pending = user.pendingEmailChange;
  if (!user.registered || !user.email || pending?.tokenHash !== tokenHash) throw invalid();
  // An old link reserves nothing (the decider refuses it the same way).
  if (Date.parse(pending.expiresAt) <= Date.now())
    throw new DomainError('expired_token', AUTH_MESSAGES.emailChangeLinkExpired, 410, 'token');
  const { newEmail } = pending;
  const previousEmail = user.email;
  const plain: CommandContext = { metadata: context.metadata };

  // A fingerprint-free reservation: the user's own earlier, unfinished attempt passes through.
  await runEmailReservation(
    store,
    deps.emailSecret,
    newEmail,
    { type: 'Reserve', userId, orphanAfterMs: deps.orphanAfterMs },
    plain,
  ).catch(rethrowTakenAs('token'));
  let result;
  try {
    result = await runUserCommand(store, userId, { type: 'ConfirmEmailChange', tokenHash, now: new Date() }, context);
  } catch (error) {
    // Refused (an expired link, or a parallel confirmation that already won): give the new
    // address back unless the account, reloaded, uses it.
    if (error instanceof DomainError && (await loadUser(store, userId)).email !== newEmail) {
      await releaseEmail(store, deps.emailSecret, newEmail, userId, plain).catch(() => undefined);
    }
    throw error;
  }
  await releaseEmail(store, deps.emailSecret, previousEmail, userId, plain).catch((error: unknown) =>
    deps.warn(
      { err: error, userId },
      'previous email not released after a change; the next registration of it frees it',
    ),
  );
  return { position: result.position, email: newEmail };
}

/** "Email taken" at confirmation names the link's token (the body holds nothing else). */
function rethrowTakenAs(field: string) {
  return (error: unknown): never => {
    if (error instanceof DomainError && error.code === 'email_taken')
      throw new DomainError('email_taken', AUTH_MESSAGES.emailTaken, 409, field);
    throw error;
  };
}

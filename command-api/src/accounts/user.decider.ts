import { timingSafeEqual } from 'node:crypto';
import type { UserEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';

/** The user aggregate (stream `user-{id}`): registration, email verification, passwords, sign-ins, privacy. */

interface PendingToken {
  readonly tokenHash: string;
  readonly expiresAt: string;
}

export interface UserState {
  readonly registered: boolean;
  readonly userId: string | null;
  readonly email: string | null;
  readonly username: string | null;
  readonly firstName: string | null;
  readonly passwordHash: string | null;
  readonly emailVerified: boolean;
  /** Verification tokens not yet used; all are consumed once the email is verified. */
  readonly pendingVerifications: readonly PendingToken[];
  /** Reset tokens not yet used; all are consumed by a reset. */
  readonly pendingResets: readonly PendingToken[];
  readonly hideEngagement: boolean;
  readonly hideActivity: boolean;
}

interface NewToken {
  readonly tokenId: string;
  readonly tokenHash: string;
  readonly expiresAt: string;
}

export type UserCommand =
  | {
      type: 'Register';
      userId: string;
      username: string;
      firstName: string;
      lastName: string;
      email: string;
      birthDate: string;
      passwordHash: string;
      verification: NewToken;
      now: string;
    }
  | { type: 'RequestVerification'; verification: NewToken }
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  | { type: 'RequestPasswordReset'; reset: NewToken }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'SignIn'; now: string }
  | { type: 'SignOut'; now: string }
  | { type: 'ChangePrivacy'; hideEngagement?: boolean | undefined; hideActivity?: boolean | undefined };

export const RESET_TOKEN_MESSAGES = {
  invalid: 'The password reset link is invalid or has expired.',
  expired: 'The password reset link has expired. Please request a new one.',
} as const;

const initialState = (): UserState => ({
  registered: false,
  userId: null,
  email: null,
  username: null,
  firstName: null,
  passwordHash: null,
  emailVerified: false,
  pendingVerifications: [],
  pendingResets: [],
  hideEngagement: false,
  hideActivity: false,
});

function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'hex'), Buffer.from(b, 'hex')];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The pending token with this hash: 'missing', 'expired' or 'valid' at `now`. */
function judgeToken(pending: readonly PendingToken[], tokenHash: string, now: string): 'missing' | 'expired' | 'valid' {
  const found = pending.find((t) => sameHash(t.tokenHash, tokenHash));
  if (!found) return 'missing';
  return Date.parse(found.expiresAt) <= Date.parse(now) ? 'expired' : 'valid';
}

function requireRegistered(state: UserState): asserts state is UserState & { userId: string; email: string } {
  if (!state.registered) throw new DomainError('user_not_found', 'No such account.', 404);
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.registered) throw new DomainError('already_registered', 'This account already exists.', 409);
    const { userId, username, firstName, lastName, email, birthDate, passwordHash, verification, now } = command;
    return [
      { type: 'UserRegistered', data: { userId, username, firstName, lastName, email, birthDate, passwordHash, registeredAt: now } },
      { type: 'EmailVerificationRequested', data: { userId, email, reason: 'registered', ...verification } },
    ];
  }
  requireRegistered(state);
  const userId = state.userId;
  switch (command.type) {
    case 'RequestVerification':
      if (state.emailVerified) throw new DomainError('already_verified', 'Your email is already verified.', 409);
      return [{ type: 'EmailVerificationRequested', data: { userId, email: state.email, reason: 'resend', ...command.verification } }];
    case 'VerifyEmail': {
      const verdict = judgeToken(state.pendingVerifications, command.tokenHash, command.now);
      if (verdict === 'missing') throw new DomainError('invalid_token', 'The verification link is invalid or has expired.', 400, 'token');
      if (verdict === 'expired') throw new DomainError('expired_token', 'The verification link has expired. Please request a new one.', 410, 'token');
      return [{ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: command.now } }];
    }
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { userId, email: state.email, ...command.reset } }];
    case 'ResetPassword': {
      const verdict = judgeToken(state.pendingResets, command.tokenHash, command.now);
      if (verdict === 'missing') throw new DomainError('invalid_reset_token', RESET_TOKEN_MESSAGES.invalid, 400, 'token');
      if (verdict === 'expired') throw new DomainError('expired_reset_token', RESET_TOKEN_MESSAGES.expired, 410, 'token');
      return [{ type: 'PasswordReset', data: { userId, passwordHash: command.passwordHash, resetAt: command.now } }];
    }
    case 'SignIn':
      return [{ type: 'UserSignedIn', data: { userId, signedInAt: command.now } }];
    case 'SignOut':
      return [{ type: 'UserSignedOut', data: { userId, signedOutAt: command.now } }];
    case 'ChangePrivacy': {
      const hideEngagement = command.hideEngagement ?? state.hideEngagement;
      const hideActivity = command.hideActivity ?? state.hideActivity;
      // Nothing changes: nothing to record (a repeated click is not a new fact).
      if (hideEngagement === state.hideEngagement && hideActivity === state.hideActivity) return [];
      return [{ type: 'PrivacySettingsChanged', data: { userId, hideEngagement, hideActivity } }];
    }
  }
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, firstName, passwordHash } = event.data;
      return { ...state, registered: true, userId, email, username, firstName, passwordHash };
    }
    case 'EmailVerificationRequested':
      return { ...state, pendingVerifications: [...state.pendingVerifications, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }] };
    case 'EmailVerified':
      return { ...state, emailVerified: true, pendingVerifications: [] };
    case 'PasswordResetRequested':
      return { ...state, pendingResets: [...state.pendingResets, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }] };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, pendingResets: [] };
    case 'PrivacySettingsChanged':
      return { ...state, hideEngagement: event.data.hideEngagement, hideActivity: event.data.hideActivity };
    case 'UserSignedIn':
    case 'UserSignedOut':
      return state;
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, decide, evolve };

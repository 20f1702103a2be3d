import { timingSafeEqual } from 'node:crypto';
import { AUTH_MESSAGES, type UserEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import {
  evolveUser,
  initialUserState,
  type PendingToken,
  type ProfileLook,
  type UserState,
  type UserStreamEvent,
} from './user.state.ts';

/** The user aggregate's decisions: registration, email verification and change, passwords, sign-ins, privacy. */

interface NewToken {
  readonly tokenId: string;
  readonly tokenHash: string;
  readonly expiresAt: string;
}

/** Commands of the user aggregate; `now` comes from the caller so decisions stay pure. */
export type UserCommand =
  | {
      readonly type: 'Register';
      readonly userId: string;
      readonly username: string;
      readonly firstName: string;
      readonly lastName: string;
      readonly email: string;
      readonly birthDate: string;
      readonly passwordHash: string;
      readonly verification: NewToken;
      readonly now: Date;
    }
  | { readonly type: 'RequestVerification'; readonly verification: NewToken }
  | { readonly type: 'VerifyEmail'; readonly tokenHash: string; readonly now: Date }
  | { readonly type: 'RequestPasswordReset'; readonly reset: NewToken }
  | { readonly type: 'ResetPassword'; readonly tokenHash: string; readonly passwordHash: string; readonly now: Date }
  | {
      readonly type: 'SignIn';
      readonly now: Date;
      /** A stronger hash of the password just verified against `verifiedHash` (kept only if that is still the stored hash). */
      readonly rehash?: { readonly verifiedHash: string; readonly passwordHash: string } | undefined;
    }
  | { readonly type: 'SignOut'; readonly now: Date }
  /** `passwordMatches`: the route checked the password the request confirmed with against the stored hash. */
  | {
      readonly type: 'RequestEmailChange';
      readonly newEmail: string;
      readonly passwordMatches: boolean;
      readonly change: NewToken;
    }
  | { readonly type: 'ConfirmEmailChange'; readonly tokenHash: string; readonly now: Date }
  /** `passwordMatches`: as for RequestEmailChange. */
  | { readonly type: 'DeleteAccount'; readonly passwordMatches: boolean; readonly now: Date }
  | {
      readonly type: 'ChangePrivacy';
      readonly hideEngagement?: boolean | undefined;
      readonly hideActivity?: boolean | undefined;
    }
  /** Fields left undefined keep their value; null clears one. Values are checked at the boundary (customizeProfileBody) and media ownership by the route. */
  | {
      readonly type: 'CustomizeProfile';
      readonly changes: { readonly [K in keyof ProfileLook]?: ProfileLook[K] | undefined };
    };

function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'hex'), Buffer.from(b, 'hex')];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The pending token with this hash: 'missing', 'expired' or 'valid' at `now`. */
function judgeToken(pending: readonly PendingToken[], tokenHash: string, now: Date): 'missing' | 'expired' | 'valid' {
  const found = pending.find((t) => sameHash(t.tokenHash, tokenHash));
  if (!found) return 'missing';
  return Date.parse(found.expiresAt) <= now.getTime() ? 'expired' : 'valid';
}

function requireRegistered(state: UserState): asserts state is UserState & { userId: string; email: string } {
  if (!state.registered) throw new DomainError('user_not_found', 'No such account.', 404);
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'Register') {
    if (state.registered || state.deletedAt)
      throw new DomainError('already_registered', 'This account already exists.', 409);
    const { userId, username, firstName, lastName, email, birthDate, passwordHash, verification, now } = command;
    return [
      {
        type: 'UserRegistered',
        data: {
          userId,
          username,
          firstName,
          lastName,
          email,
          birthDate,
          passwordHash,
          registeredAt: now.toISOString(),
        },
      },
      { type: 'EmailVerificationRequested', data: { userId, email, reason: 'registered', ...verification } },
    ];
  }
  requireRegistered(state);
  const userId = state.userId;
  switch (command.type) {
    case 'RequestVerification':
      if (state.emailVerified) throw new DomainError('already_verified', AUTH_MESSAGES.alreadyVerified, 409);
      return [
        {
          type: 'EmailVerificationRequested',
          data: { userId, email: state.email, reason: 'resend', ...command.verification },
        },
      ];
    case 'VerifyEmail': {
      const verdict = judgeToken(state.pendingVerifications, command.tokenHash, command.now);
      if (verdict === 'missing')
        throw new DomainError('invalid_token', AUTH_MESSAGES.verificationLinkInvalid, 400, 'token');
      if (verdict === 'expired')
        throw new DomainError('expired_token', AUTH_MESSAGES.verificationLinkExpired, 410, 'token');
      return [{ type: 'EmailVerified', data: { userId, email: state.email, verifiedAt: command.now.toISOString() } }];
    }
    case 'RequestPasswordReset':
      return [{ type: 'PasswordResetRequested', data: { userId, email: state.email, ...command.reset } }];
    case 'ResetPassword': {
      const verdict = judgeToken(state.pendingResets, command.tokenHash, command.now);
      if (verdict === 'missing') throw new DomainError('invalid_reset_token', AUTH_MESSAGES.missingToken, 400, 'token');
      if (verdict === 'expired')
        throw new DomainError('expired_reset_token', AUTH_MESSAGES.resetLinkExpired, 410, 'token');
      return [
        {
          type: 'PasswordReset',
          data: { userId, passwordHash: command.passwordHash, resetAt: command.now.toISOString() },
        },
      ];
    }
    case 'SignIn': {
      if (state.suspendedAt) throw new DomainError('account_suspended', AUTH_MESSAGES.accountSuspended, 403);
      const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, signedInAt: command.now.toISOString() } };
      // The password was just verified against an older hash: keep a stronger one from now on.
      // A password changed since it was verified is not overwritten.
      if (!command.rehash || command.rehash.verifiedHash !== state.passwordHash) return [signedIn];
      return [
        {
          type: 'PasswordRehashed',
          data: { userId, passwordHash: command.rehash.passwordHash, rehashedAt: command.now.toISOString() },
        },
        signedIn,
      ];
    }
    case 'SignOut':
      return [{ type: 'UserSignedOut', data: { userId, signedOutAt: command.now.toISOString() } }];
    case 'RequestEmailChange':
      if (command.newEmail === state.email)
        throw new DomainError('same_email', AUTH_MESSAGES.sameEmail, 400, 'newEmail');
      if (!command.passwordMatches)
        throw new DomainError('wrong_password', AUTH_MESSAGES.wrongPasswordToChangeEmail, 403, 'password');
      return [{ type: 'EmailChangeRequested', data: { userId, newEmail: command.newEmail, ...command.change } }];
    case 'ConfirmEmailChange': {
      const pending = state.pendingEmailChange;
      const verdict = judgeToken(pending ? [pending] : [], command.tokenHash, command.now);
      if (verdict === 'missing' || !pending)
        throw new DomainError('invalid_token', AUTH_MESSAGES.emailChangeLinkInvalid, 400, 'token');
      if (verdict === 'expired')
        throw new DomainError('expired_token', AUTH_MESSAGES.emailChangeLinkExpired, 410, 'token');
      return [
        {
          type: 'EmailChanged',
          data: { userId, previousEmail: state.email, email: pending.newEmail, changedAt: command.now.toISOString() },
        },
      ];
    }
    case 'DeleteAccount':
      if (!command.passwordMatches)
        throw new DomainError('wrong_password', AUTH_MESSAGES.wrongPasswordToDelete, 403, 'password');
      return [{ type: 'AccountDeleted', data: { userId, deletedAt: command.now.toISOString() } }];
    case 'ChangePrivacy': {
      const hideEngagement = command.hideEngagement ?? state.hideEngagement;
      const hideActivity = command.hideActivity ?? state.hideActivity;
      // Nothing changes: nothing to record (a repeated click is not a new fact).
      if (hideEngagement === state.hideEngagement && hideActivity === state.hideActivity) return [];
      return [{ type: 'PrivacySettingsChanged', data: { userId, hideEngagement, hideActivity } }];
    }
    case 'CustomizeProfile': {
      const next: { -readonly [K in keyof ProfileLook]: ProfileLook[K] } = { ...state.profile };
      for (const [field, value] of Object.entries(command.changes) as Array<
        [keyof ProfileLook, string | null | undefined]
      >) {
        // An empty text clears the field, as null does.
        if (value !== undefined) next[field] = value === '' ? null : value;
      }
      const changed = (Object.keys(next) as Array<keyof ProfileLook>).some(
        (field) => next[field] !== state.profile[field],
      );
      return changed ? [{ type: 'ProfileCustomized', data: { userId, ...next } }] : [];
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserStreamEvent> = {
  initialState: initialUserState,
  decide: decideUser,
  evolve: evolveUser,
};

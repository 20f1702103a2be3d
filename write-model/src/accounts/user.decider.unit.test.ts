import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@myworld/schemas';
import { hashToken } from '@myworld/schemas/server';
import { deciderSpec } from '../commands/decider-testing.ts';
import { userDecider, type UserCommand } from './user.decider.ts';
import type { UserStreamEvent } from './user.state.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const tokenId = '22222222-2222-4222-8222-222222222222';
const t0 = new Date('2025-06-01T10:00:00.000Z');
const at = (iso: string) => new Date(iso);
const hash = (s: string) => hashToken(s);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId,
    username: 'jane',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    birthDate: '1990-04-01',
    passwordHash: 'scrypt$old',
    registeredAt: t0.toISOString(),
  },
};
const verificationRequested = (token: string, expiresAt: string): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: { userId, email: 'jane@example.com', reason: 'registered', tokenId, tokenHash: hash(token), expiresAt },
});
const resetRequested = (token: string, expiresAt: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, email: 'jane@example.com', tokenId, tokenHash: hash(token), expiresAt },
});
const verified: UserEvent = {
  type: 'EmailVerified',
  data: { userId, email: 'jane@example.com', verifiedAt: t0.toISOString() },
};

const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a user and asks for email verification in the same step', () => {
    spec
      .given()
      .when({
        type: 'Register',
        userId,
        username: 'jane',
        firstName: 'Jane',
        lastName: 'Doe',
        email: 'jane@example.com',
        birthDate: '1990-04-01',
        passwordHash: 'scrypt$old',
        verification: { tokenId, tokenHash: hash('tok'), expiresAt: '2025-06-02T10:00:00.000Z' },
        now: t0,
      })
      .then([registered, verificationRequested('tok', '2025-06-02T10:00:00.000Z')]);
  });

  it('refuses to register the same user twice', () => {
    const { registeredAt: _, ...details } = registered.data as Extract<UserEvent, { type: 'UserRegistered' }>['data'];
    spec
      .given(registered)
      .when({
        ...details,
        type: 'Register',
        verification: { tokenId, tokenHash: hash('x'), expiresAt: t0.toISOString() },
        now: t0,
      })
      .thenRefuses({ code: 'already_registered', status: 409 });
  });

  it('commands on an unknown user are refused', () => {
    spec.given().when({ type: 'SignIn', now: t0 }).thenRefuses({ code: 'user_not_found' });
  });

  describe('email verification', () => {
    const pending = verificationRequested('tok', '2025-06-02T10:00:00.000Z');

    it('a valid token verifies the email', () => {
      spec
        .given(registered, pending)
        .when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: at('2025-06-01T12:00:00.000Z') })
        .then([
          {
            type: 'EmailVerified',
            data: { userId, email: 'jane@example.com', verifiedAt: '2025-06-01T12:00:00.000Z' },
          },
        ]);
    });

    it('an unknown token is invalid', () => {
      spec
        .given(registered, pending)
        .when({ type: 'VerifyEmail', tokenHash: hash('other'), now: t0 })
        .thenRefuses({ code: 'invalid_token', status: 400 });
    });

    it('a token past its 24 hours has expired', () => {
      spec
        .given(registered, pending)
        .when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: at('2025-06-02T10:00:00.000Z') })
        .thenRefuses({ code: 'expired_token', status: 410 });
    });

    it('a token works once', () => {
      spec
        .given(registered, pending, verified)
        .when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: t0 })
        .thenRefuses({ code: 'invalid_token' });
    });

    it('a resend adds a token beside the first; a verified user needs none', () => {
      const verification = { tokenId, tokenHash: hash('tok2'), expiresAt: '2025-06-03T10:00:00.000Z' };
      spec
        .given(registered, pending)
        .when({ type: 'RequestVerification', verification })
        .then([
          {
            type: 'EmailVerificationRequested',
            data: { userId, email: 'jane@example.com', reason: 'resend', ...verification },
          },
        ]);
      spec
        .given(registered, pending, verified)
        .when({ type: 'RequestVerification', verification })
        .thenRefuses({ code: 'already_verified', status: 409 });
    });
  });

  describe('password reset', () => {
    const pending = resetRequested('reset', '2025-06-01T11:00:00.000Z');
    const reset = (now: string, token = 'reset'): UserCommand => ({
      type: 'ResetPassword',
      tokenHash: hash(token),
      passwordHash: 'scrypt$new',
      now: at(now),
    });
    const done: UserEvent = {
      type: 'PasswordReset',
      data: { userId, passwordHash: 'scrypt$new', resetAt: t0.toISOString() },
    };

    it('a valid token sets the new password hash', () => {
      spec
        .given(registered, pending)
        .when(reset('2025-06-01T10:30:00.000Z'))
        .then([
          { type: 'PasswordReset', data: { userId, passwordHash: 'scrypt$new', resetAt: '2025-06-01T10:30:00.000Z' } },
        ]);
      expect(spec.given(registered, pending, done).state().passwordHash).toBe('scrypt$new');
    });

    it('expires after an hour, works once, and refuses unknown tokens', () => {
      spec
        .given(registered, pending)
        .when(reset('2025-06-01T11:00:00.001Z'))
        .thenRefuses({ code: 'expired_reset_token', status: 410, field: 'token' });
      spec
        .given(registered, pending, done)
        .when(reset('2025-06-01T10:30:00.000Z'))
        .thenRefuses({ code: 'invalid_reset_token', status: 400 });
      spec
        .given(registered, pending)
        .when(reset('2025-06-01T10:30:00.000Z', 'guess'))
        .thenRefuses({ code: 'invalid_reset_token' });
    });
  });

  describe('privacy', () => {
    it('records the full settings after a change', () => {
      spec
        .given(registered)
        .when({ type: 'ChangePrivacy', hideActivity: true })
        .then([{ type: 'PrivacySettingsChanged', data: { userId, hideEngagement: false, hideActivity: true } }]);
    });

    it('records nothing when nothing changes', () => {
      const changed: UserEvent = {
        type: 'PrivacySettingsChanged',
        data: { userId, hideEngagement: true, hideActivity: false },
      };
      spec.given(registered, changed).when({ type: 'ChangePrivacy', hideEngagement: true }).then([]);
    });
  });

  it('signs in and out', () => {
    spec
      .given(registered)
      .when({ type: 'SignIn', now: t0 })
      .then([{ type: 'UserSignedIn', data: { userId, signedInAt: t0.toISOString() } }]);
    spec
      .given(registered)
      .when({ type: 'SignOut', now: t0 })
      .then([{ type: 'UserSignedOut', data: { userId, signedOutAt: t0.toISOString() } }]);
  });

  it('a sign-in with a stronger hash of the verified password records PasswordRehashed, unless the password changed since', () => {
    const signedIn: UserEvent = { type: 'UserSignedIn', data: { userId, signedInAt: t0.toISOString() } };
    spec
      .given(registered)
      .when({ type: 'SignIn', now: t0, rehash: { verifiedHash: 'scrypt$old', passwordHash: 'scrypt$new' } })
      .then([
        { type: 'PasswordRehashed', data: { userId, passwordHash: 'scrypt$new', rehashedAt: t0.toISOString() } },
        signedIn,
      ]);
    const reset: UserEvent = {
      type: 'PasswordReset',
      data: { userId, passwordHash: 'scrypt$reset', resetAt: t0.toISOString() },
    };
    spec
      .given(registered, reset)
      .when({ type: 'SignIn', now: t0, rehash: { verifiedHash: 'scrypt$old', passwordHash: 'scrypt$new' } })
      .then([signedIn]);
  });

  describe('suspension (a moderator removed the user)', () => {
    const removal = (contentType: 'user' | 'text_post', contentId: string): UserStreamEvent => ({
      type: 'ContentRemoved',
      data: {
        contentType,
        contentId,
        authorId: userId,
        moderatorId: tokenId,
        reportIds: [],
        note: 'Spam',
        removedAt: t0.toISOString(),
      },
    });

    it('refuses sign-in with 403 and a clear message; the removal of a post of theirs does not', () => {
      spec.given(registered, removal('user', userId)).when({ type: 'SignIn', now: t0 }).thenRefuses({
        code: 'account_suspended',
        status: 403,
        message: 'Your account has been suspended for violating our community guidelines.',
      });
      spec
        .given(registered, removal('text_post', tokenId))
        .when({ type: 'SignIn', now: t0 })
        .then([{ type: 'UserSignedIn', data: { userId, signedInAt: t0.toISOString() } }]);
    });

    it('the aggregate keeps when the user was suspended', () => {
      expect(spec.given(registered, removal('user', userId)).state()).toMatchObject({
        registered: true,
        suspendedAt: t0.toISOString(),
      });
    });
  });

  describe('email change', () => {
    const change = { tokenId, tokenHash: hash('move'), expiresAt: '2025-06-02T10:00:00.000Z' };
    const requested: UserEvent = {
      type: 'EmailChangeRequested',
      data: { userId, newEmail: 'jane@new.example', ...change },
    };
    const confirm = (now: string, token = 'move'): UserCommand => ({
      type: 'ConfirmEmailChange',
      tokenHash: hash(token),
      now: at(now),
    });
    const changed: UserEvent = {
      type: 'EmailChanged',
      data: {
        userId,
        previousEmail: 'jane@example.com',
        email: 'jane@new.example',
        changedAt: '2025-06-01T12:00:00.000Z',
      },
    };

    it('a request with the right password records the new address and its token; the email stays until confirmed', () => {
      spec
        .given(registered)
        .when({ type: 'RequestEmailChange', newEmail: 'jane@new.example', passwordMatches: true, change })
        .then([requested]);
      expect(spec.given(registered, requested).state()).toMatchObject({
        email: 'jane@example.com',
        pendingEmailChange: { newEmail: 'jane@new.example', tokenHash: hash('move') },
      });
    });

    it('refuses the current address (400 naming newEmail) and a wrong password (403 naming password)', () => {
      spec
        .given(registered)
        .when({ type: 'RequestEmailChange', newEmail: 'jane@example.com', passwordMatches: true, change })
        .thenRefuses({ code: 'same_email', status: 400, field: 'newEmail' });
      spec
        .given(registered)
        .when({ type: 'RequestEmailChange', newEmail: 'jane@new.example', passwordMatches: false, change })
        .thenRefuses({
          code: 'wrong_password',
          status: 403,
          field: 'password',
          message: 'The password is incorrect. Your email was not changed.',
        });
    });

    it('the token moves the account to the new address, verified, and voids links mailed to the old one', () => {
      spec.given(registered, requested).when(confirm('2025-06-01T12:00:00.000Z')).then([changed]);
      const state = spec
        .given(
          registered,
          verificationRequested('v', '2025-06-02T10:00:00.000Z'),
          resetRequested('r', '2025-06-01T11:00:00.000Z'),
          requested,
          changed,
        )
        .state();
      expect(state).toMatchObject({
        email: 'jane@new.example',
        emailVerified: true,
        pendingEmailChange: null,
        pendingVerifications: [],
        pendingResets: [],
      });
    });

    it('expires after 24 hours, works once, refuses other tokens, and a newer request voids the older link', () => {
      spec
        .given(registered, requested)
        .when(confirm('2025-06-02T10:00:00.000Z'))
        .thenRefuses({ code: 'expired_token', status: 410, field: 'token' });
      spec
        .given(registered, requested, changed)
        .when(confirm('2025-06-01T12:00:00.000Z'))
        .thenRefuses({ code: 'invalid_token', status: 400, field: 'token' });
      spec
        .given(registered, requested)
        .when(confirm('2025-06-01T12:00:00.000Z', 'guess'))
        .thenRefuses({ code: 'invalid_token' });
      const newer: UserEvent = {
        type: 'EmailChangeRequested',
        data: {
          userId,
          newEmail: 'jane@other.example',
          tokenId,
          tokenHash: hash('again'),
          expiresAt: change.expiresAt,
        },
      };
      spec
        .given(registered, requested, newer)
        .when(confirm('2025-06-01T12:00:00.000Z'))
        .thenRefuses({ code: 'invalid_token' });
    });
  });

  describe('account deletion', () => {
    const deleted: UserEvent = { type: 'AccountDeleted', data: { userId, deletedAt: t0.toISOString() } };

    it('the right password deletes the account', () => {
      spec.given(registered, verified).when({ type: 'DeleteAccount', passwordMatches: true, now: t0 }).then([deleted]);
    });

    it('a wrong password is refused with 403 naming the password, and nothing is recorded', () => {
      spec.given(registered).when({ type: 'DeleteAccount', passwordMatches: false, now: t0 }).thenRefuses({
        code: 'wrong_password',
        status: 403,
        field: 'password',
        message: 'The password is incorrect. Your account was not deleted.',
      });
    });

    it('a deleted account takes no further command: no sign-in, no token, no second deletion', () => {
      for (const command of [
        { type: 'SignIn', now: t0 },
        { type: 'DeleteAccount', passwordMatches: true, now: t0 },
        {
          type: 'RequestPasswordReset',
          reset: { tokenId, tokenHash: hash('r'), expiresAt: '2025-06-01T11:00:00.000Z' },
        },
        { type: 'ChangePrivacy', hideActivity: true },
      ] satisfies UserCommand[]) {
        spec.given(registered, deleted).when(command).thenRefuses({ code: 'user_not_found', status: 404 });
      }
    });

    it('forgets pending tokens and is no longer registered, but keeps the username it still holds', () => {
      const state = spec.given(registered, resetRequested('r', '2025-06-01T11:00:00.000Z'), deleted).state();
      expect(state).toMatchObject({
        registered: false,
        deletedAt: t0.toISOString(),
        username: 'jane',
        pendingResets: [],
      });
    });
  });
});

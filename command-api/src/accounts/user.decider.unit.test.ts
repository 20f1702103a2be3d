import { describe, expect, it } from 'vitest';
import type { UserEvent } from '@myworld/schemas';
import { hashToken } from '@myworld/schemas/accounts-tokens';
import { fold } from '../commands/decider.ts';
import { userDecider, type UserCommand } from './user.decider.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const tokenId = '22222222-2222-4222-8222-222222222222';
const t0 = '2025-06-01T10:00:00.000Z';
const hash = (s: string) => hashToken(s);

const registered: UserEvent = {
  type: 'UserRegistered',
  data: { userId, username: 'jane', firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', birthDate: '1990-04-01', passwordHash: 'scrypt$old', registeredAt: t0 },
};
const verificationRequested = (token: string, expiresAt: string): UserEvent => ({
  type: 'EmailVerificationRequested',
  data: { userId, email: 'jane@example.com', reason: 'registered', tokenId, tokenHash: hash(token), expiresAt },
});
const resetRequested = (token: string, expiresAt: string): UserEvent => ({
  type: 'PasswordResetRequested',
  data: { userId, email: 'jane@example.com', tokenId, tokenHash: hash(token), expiresAt },
});

/** given events, when command: the events decided (or the refusal thrown). */
function given(...events: UserEvent[]) {
  return { when: (command: UserCommand) => () => userDecider.decide(command, fold(userDecider, events)) };
}

describe('user decider', () => {
  it('registers a user and asks for email verification in the same step', () => {
    const events = given().when({
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
    })();
    expect(events).toEqual([registered, verificationRequested('tok', '2025-06-02T10:00:00.000Z')]);
  });

  it('refuses to register the same user twice', () => {
    expect(given(registered).when({ ...(registered.data as object as Omit<Extract<UserCommand, { type: 'Register' }>, 'type'>), type: 'Register', verification: { tokenId, tokenHash: hash('x'), expiresAt: t0 }, now: t0 })).toThrow(
      expect.objectContaining({ code: 'already_registered', status: 409 }),
    );
  });

  it('commands on an unknown user are refused', () => {
    expect(given().when({ type: 'SignIn', now: t0 })).toThrow(expect.objectContaining({ code: 'user_not_found' }));
  });

  describe('email verification', () => {
    const pending = verificationRequested('tok', '2025-06-02T10:00:00.000Z');

    it('a valid token verifies the email', () => {
      expect(given(registered, pending).when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: '2025-06-01T12:00:00.000Z' })()).toEqual([
        { type: 'EmailVerified', data: { userId, email: 'jane@example.com', verifiedAt: '2025-06-01T12:00:00.000Z' } },
      ]);
    });

    it('an unknown token is invalid', () => {
      expect(given(registered, pending).when({ type: 'VerifyEmail', tokenHash: hash('other'), now: t0 })).toThrow(expect.objectContaining({ code: 'invalid_token', status: 400 }));
    });

    it('a token past its 24 hours has expired', () => {
      expect(given(registered, pending).when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: '2025-06-02T10:00:00.000Z' })).toThrow(
        expect.objectContaining({ code: 'expired_token', status: 410 }),
      );
    });

    it('a token works once', () => {
      const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'jane@example.com', verifiedAt: t0 } };
      expect(given(registered, pending, verified).when({ type: 'VerifyEmail', tokenHash: hash('tok'), now: t0 })).toThrow(expect.objectContaining({ code: 'invalid_token' }));
    });

    it('a resend adds a token beside the first; a verified user needs none', () => {
      const verification = { tokenId, tokenHash: hash('tok2'), expiresAt: '2025-06-03T10:00:00.000Z' };
      expect(given(registered, pending).when({ type: 'RequestVerification', verification })()).toEqual([
        { type: 'EmailVerificationRequested', data: { userId, email: 'jane@example.com', reason: 'resend', ...verification } },
      ]);
      const verified: UserEvent = { type: 'EmailVerified', data: { userId, email: 'jane@example.com', verifiedAt: t0 } };
      expect(given(registered, pending, verified).when({ type: 'RequestVerification', verification })).toThrow(expect.objectContaining({ code: 'already_verified', status: 409 }));
    });
  });

  describe('password reset', () => {
    const pending = resetRequested('reset', '2025-06-01T11:00:00.000Z');
    const reset = (now: string, token = 'reset'): UserCommand => ({ type: 'ResetPassword', tokenHash: hash(token), passwordHash: 'scrypt$new', now });

    it('a valid token sets the new password hash', () => {
      expect(given(registered, pending).when(reset('2025-06-01T10:30:00.000Z'))()).toEqual([
        { type: 'PasswordReset', data: { userId, passwordHash: 'scrypt$new', resetAt: '2025-06-01T10:30:00.000Z' } },
      ]);
      const after = fold(userDecider, [registered, pending, { type: 'PasswordReset', data: { userId, passwordHash: 'scrypt$new', resetAt: t0 } }]);
      expect(after.passwordHash).toBe('scrypt$new');
    });

    it('expires after an hour, works once, and refuses unknown tokens', () => {
      expect(given(registered, pending).when(reset('2025-06-01T11:00:00.001Z'))).toThrow(expect.objectContaining({ code: 'expired_reset_token', status: 410, field: 'token' }));
      const done: UserEvent = { type: 'PasswordReset', data: { userId, passwordHash: 'scrypt$new', resetAt: t0 } };
      expect(given(registered, pending, done).when(reset('2025-06-01T10:30:00.000Z'))).toThrow(expect.objectContaining({ code: 'invalid_reset_token', status: 400 }));
      expect(given(registered, pending).when(reset('2025-06-01T10:30:00.000Z', 'guess'))).toThrow(expect.objectContaining({ code: 'invalid_reset_token' }));
    });
  });

  describe('privacy', () => {
    it('records the full settings after a change', () => {
      expect(given(registered).when({ type: 'ChangePrivacy', hideActivity: true })()).toEqual([
        { type: 'PrivacySettingsChanged', data: { userId, hideEngagement: false, hideActivity: true } },
      ]);
    });

    it('records nothing when nothing changes', () => {
      const changed: UserEvent = { type: 'PrivacySettingsChanged', data: { userId, hideEngagement: true, hideActivity: false } };
      expect(given(registered, changed).when({ type: 'ChangePrivacy', hideEngagement: true })()).toEqual([]);
    });
  });

  it('signs in and out', () => {
    expect(given(registered).when({ type: 'SignIn', now: t0 })()).toEqual([{ type: 'UserSignedIn', data: { userId, signedInAt: t0 } }]);
    expect(given(registered).when({ type: 'SignOut', now: t0 })()).toEqual([{ type: 'UserSignedOut', data: { userId, signedOutAt: t0 } }]);
  });
});

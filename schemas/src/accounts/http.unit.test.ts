import { describe, expect, it } from 'vitest';
import { apiErrorBody, validationErrorBody } from '../platform/http.ts';
import {
  currentUser,
  forgotPasswordBody,
  loginBody,
  privacySettingsBody,
  registerBodyOn,
  resetPasswordBody,
  usernameParam,
} from './http.ts';
import { AUTH_MESSAGES } from './messages.ts';

/** A local calendar day, as the browser's clock would give it. */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);

describe('request bodies', () => {
  const registerBody = registerBodyOn(() => day(2025, 6, 15));
  const valid = {
    firstName: ' Jane ',
    lastName: 'Doe',
    email: ' Jane@Example.com ',
    username: 'jane_doe',
    birthDate: '2012-06-15',
    password: 'Secret123',
  };
  const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues[0]?.message;

  it('accepts a complete registration and tidies names and email', () => {
    expect(registerBody.parse(valid)).toEqual({ ...valid, firstName: 'Jane', email: 'jane@example.com' });
  });

  it('asks for required fields first', () => {
    for (const field of ['firstName', 'lastName', 'email', 'username', 'birthDate'] as const) {
      const r = registerBody.safeParse({ ...valid, [field]: '  ', password: 'weak' });
      expect(firstMessage(r)).toBe(AUTH_MESSAGES.requiredFields);
    }
    expect(firstMessage(registerBody.safeParse({}))).toBe(AUTH_MESSAGES.requiredFields);
  });

  it('then checks password, age and username with the form’s texts', () => {
    expect(firstMessage(registerBody.safeParse({ ...valid, password: 'secret123', birthDate: '2012-06-16' }))).toBe(
      AUTH_MESSAGES.invalidPassword,
    );
    expect(firstMessage(registerBody.safeParse({ ...valid, birthDate: '2012-06-16' }))).toBe(AUTH_MESSAGES.underAge);
    expect(firstMessage(registerBody.safeParse({ ...valid, birthDate: '2012-02-30' }))).toBe(
      AUTH_MESSAGES.invalidBirthDate,
    );
    expect(firstMessage(registerBody.safeParse({ ...valid, username: 'Jane!' }))).toBe(AUTH_MESSAGES.invalidUsername);
    expect(firstMessage(registerBody.safeParse({ ...valid, email: 'jane' }))).toBe(AUTH_MESSAGES.invalidEmail);
  });

  it('builds the API error body from the first issue', () => {
    const r = registerBody.safeParse({ ...valid, birthDate: '2013-01-01' });
    expect(r.success).toBe(false);
    if (!r.success) {
      expect(validationErrorBody(r.error)).toEqual({
        error: 'validation_failed',
        field: 'birthDate',
        message: 'You must be at least 13 years old to create an account.',
      });
      expect(apiErrorBody.parse(validationErrorBody(r.error))).toBeTruthy();
    }
  });

  it('login needs both fields after trimming', () => {
    expect(loginBody.parse({ email: ' A@B.co ', password: ' pw ' })).toEqual({ email: 'a@b.co', password: ' pw ' });
    expect(firstMessage(loginBody.safeParse({ email: ' ', password: 'x' }))).toBe(AUTH_MESSAGES.missingLogin);
    expect(firstMessage(loginBody.safeParse({ email: 'a@b.co', password: '   ' }))).toBe(AUTH_MESSAGES.missingLogin);
  });

  it('forgot and reset password', () => {
    expect(firstMessage(forgotPasswordBody.safeParse({ email: '' }))).toBe('Please enter your email address.');
    expect(forgotPasswordBody.parse({ email: 'A@b.co' })).toEqual({ email: 'a@b.co' });
    expect(resetPasswordBody.safeParse({ token: 't', password: 'Secret123' }).success).toBe(true);
    expect(firstMessage(resetPasswordBody.safeParse({ token: 't', password: 'short' }))).toBe(
      AUTH_MESSAGES.invalidPassword,
    );
    expect(resetPasswordBody.safeParse({ token: '', password: 'Secret123' }).success).toBe(false);
  });

  it('the username parameter must be a valid username', () => {
    expect(usernameParam.parse({ username: 'jane_doe' })).toEqual({ username: 'jane_doe' });
    expect(firstMessage(usernameParam.safeParse({ username: 'Jane' }))).toBe(AUTH_MESSAGES.invalidUsername);
  });

  it('privacy needs at least one switch', () => {
    expect(privacySettingsBody.parse({ hideActivity: true })).toEqual({ hideActivity: true });
    expect(privacySettingsBody.parse({ hideEngagement: false, hideActivity: true })).toBeTruthy();
    expect(privacySettingsBody.safeParse({}).success).toBe(false);
    expect(privacySettingsBody.safeParse({ hideActivity: 'yes' }).success).toBe(false);
  });
});

describe('current user', () => {
  it('keeps the contract’s fields and drops any others', () => {
    const user = {
      id: 'u1',
      username: 'jane',
      firstName: 'Jane',
      lastName: null,
      email: 'jane@example.com',
      bio: null,
      aboutMe: null,
      profileImageUrl: null,
      backgroundImageUrl: null,
      backgroundColor: '#ffffff',
      textColor: '#1f2937',
      hideEngagement: false,
      hideActivity: false,
      emailVerified: false,
      roles: ['moderator'],
    };
    expect(currentUser.parse({ ...user, passwordHash: 'x' })).toEqual(user);
  });
});

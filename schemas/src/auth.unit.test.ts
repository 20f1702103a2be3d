import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  ageOn,
  apiErrorBody,
  checkPassword,
  currentUser,
  forgotPasswordBody,
  isAtLeast13,
  isPasswordValid,
  isUsernameValid,
  loginBody,
  normalizeUsername,
  parseBirthDate,
  privacySettingsBody,
  registerBodyOn,
  resetPasswordBody,
  validationErrorBody,
} from './auth.ts';

/** A local calendar day, as the browser's clock would give it. */
const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12);

describe('password rules', () => {
  it('lists every rule with its label, in checklist order', () => {
    expect(checkPassword('')).toEqual([
      { id: 'length', label: 'At least 8 characters', passed: false },
      { id: 'uppercase', label: 'One uppercase letter', passed: false },
      { id: 'lowercase', label: 'One lowercase letter', passed: false },
      { id: 'number', label: 'One number', passed: false },
    ]);
  });

  it('passes each rule on its own', () => {
    const passed = (p: string) => checkPassword(p).filter((r) => r.passed).map((r) => r.id);
    expect(passed('abcdefgh')).toEqual(['length', 'lowercase']);
    expect(passed('ABC')).toEqual(['uppercase']);
    expect(passed('1234567')).toEqual(['number']);
  });

  it('needs all four rules', () => {
    expect(isPasswordValid('Abcdefg1')).toBe(true);
    expect(isPasswordValid('Abcdef1')).toBe(false); // 7 characters
    expect(isPasswordValid('abcdefg1')).toBe(false);
    expect(isPasswordValid('ABCDEFG1')).toBe(false);
    expect(isPasswordValid('Abcdefgh')).toBe(false);
  });
});

describe('age', () => {
  it('counts whole years at today’s date, the 13th birthday included', () => {
    expect(ageOn('2012-06-15', day(2025, 6, 14))).toBe(12);
    expect(isAtLeast13('2012-06-15', day(2025, 6, 14))).toBe(false);
    expect(isAtLeast13('2012-06-15', day(2025, 6, 15))).toBe(true);
    expect(isAtLeast13('2012-06-15', day(2025, 6, 16))).toBe(true);
    expect(isAtLeast13('1990-01-01', day(2025, 1, 1))).toBe(true);
  });

  it('looks at the month before the day', () => {
    expect(isAtLeast13('2012-12-01', day(2025, 11, 30))).toBe(false);
    expect(isAtLeast13('2012-01-31', day(2025, 2, 1))).toBe(true);
  });

  it('gives 29 February birthdays 1 March in common years', () => {
    expect(isAtLeast13('2012-02-29', day(2025, 2, 28))).toBe(false);
    expect(isAtLeast13('2012-02-29', day(2025, 3, 1))).toBe(true);
    // 2024 was a leap year: 29 February itself is the birthday.
    expect(isAtLeast13('2011-02-29', day(2024, 2, 29))).toBe(false); // 2011-02-29 does not exist
    expect(isAtLeast13('2008-02-29', day(2021, 2, 28))).toBe(false);
    expect(isAtLeast13('2008-02-29', day(2024, 2, 29))).toBe(true);
  });

  it('refuses dates that are not real or are in the future', () => {
    expect(parseBirthDate('2023-02-30')).toBeNull();
    expect(parseBirthDate('2023-13-01')).toBeNull();
    expect(parseBirthDate('15/06/2012')).toBeNull();
    expect(parseBirthDate('')).toBeNull();
    expect(isAtLeast13('not a date', day(2025, 1, 1))).toBe(false);
    expect(ageOn('2030-01-01', day(2025, 1, 1))).toBe(-5);
    expect(isAtLeast13('2030-01-01', day(2025, 1, 1))).toBe(false);
  });
});

describe('username', () => {
  it('forces lowercase and keeps only a-z, 0-9 and _', () => {
    expect(normalizeUsername('Jane.Doe_99!')).toBe('janedoe_99');
    expect(normalizeUsername('  ÉMILE  ')).toBe('mile');
    expect(normalizeUsername('x'.repeat(40))).toHaveLength(30);
  });

  it('is valid from 3 to 30 characters', () => {
    expect(isUsernameValid('ab')).toBe(false);
    expect(isUsernameValid('abc')).toBe(true);
    expect(isUsernameValid('a'.repeat(30))).toBe(true);
    expect(isUsernameValid('a'.repeat(31))).toBe(false);
    expect(isUsernameValid('Abc')).toBe(false);
    expect(isUsernameValid('a-b')).toBe(false);
  });
});

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

  it('then checks password, age and username with the spec’s texts', () => {
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

  it('privacy needs at least one switch', () => {
    expect(privacySettingsBody.parse({ hideActivity: true })).toEqual({ hideActivity: true });
    expect(privacySettingsBody.parse({ hideEngagement: false, hideActivity: true })).toBeTruthy();
    expect(privacySettingsBody.safeParse({}).success).toBe(false);
    expect(privacySettingsBody.safeParse({ hideActivity: 'yes' }).success).toBe(false);
  });
});

describe('current user', () => {
  it('keeps the spec’s fields and drops any others', () => {
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
    };
    expect(currentUser.parse({ ...user, passwordHash: 'x' })).toEqual(user);
  });
});

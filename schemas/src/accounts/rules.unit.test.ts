import { describe, expect, it } from 'vitest';
import {
  ageOn,
  checkPassword,
  isAtLeast13,
  isPasswordValid,
  isUsernameValid,
  normalizeUsername,
  parseBirthDate,
} from './rules.ts';

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
    const passed = (p: string) =>
      checkPassword(p)
        .filter((r) => r.passed)
        .map((r) => r.id);
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

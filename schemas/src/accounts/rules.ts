/**
 * The rules the register form's live checklist and the server both apply (so the two can never
 * disagree): password strength, the minimum age, and what a username may contain.
 */

// ---------------------------------------------------------------------------------------------
// Password

export const PASSWORD_MIN_LENGTH = 8;

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number';
export interface PasswordRuleResult {
  readonly id: PasswordRuleId;
  readonly label: string;
  readonly passed: boolean;
}

const PASSWORD_RULES: ReadonlyArray<{ id: PasswordRuleId; label: string; test: (p: string) => boolean }> = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /[0-9]/.test(p) },
];

/** Every rule with its label and whether `password` passes it, in checklist order. */
export function checkPassword(password: string): PasswordRuleResult[] {
  return PASSWORD_RULES.map(({ id, label, test }) => ({ id, label, passed: test(password) }));
}

export function isPasswordValid(password: string): boolean {
  return checkPassword(password).every((r) => r.passed);
}

// ---------------------------------------------------------------------------------------------
// Age

export const MIN_AGE_YEARS = 13;

interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number;
}

/** Reads a real calendar date written as YYYY-MM-DD (what <input type="date"> sends); else null. */
export function parseBirthDate(text: string): CalendarDate | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Date.UTC rolls 2023-02-30 over to March; a real date survives the round trip unchanged.
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

/**
 * Whole years between `birthDate` (YYYY-MM-DD) and `today`'s calendar date (its local date, so the
 * browser judges by the user's own day). Someone born on 29 February has a birthday on 1 March in
 * years without one. Null when the date is not a real date.
 */
export function ageOn(birthDate: string, today: Date): number | null {
  const born = parseBirthDate(birthDate);
  if (!born) return null;
  const [y, m, d] = [today.getFullYear(), today.getMonth() + 1, today.getDate()];
  const hadBirthday = m > born.month || (m === born.month && d >= born.day);
  return y - born.year - (hadBirthday ? 0 : 1);
}

/** True when the person is at least 13 on `today` (their 13th birthday counts). */
export function isAtLeast13(birthDate: string, today: Date): boolean {
  const age = ageOn(birthDate, today);
  return age !== null && age >= MIN_AGE_YEARS;
}

// ---------------------------------------------------------------------------------------------
// Username

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;

/** What the username field keeps of what is typed: lowercase a-z, 0-9 and _, at most 30 characters. */
export function normalizeUsername(input: string): string {
  return input
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, USERNAME_MAX_LENGTH);
}

/** A username worth asking the server about, and the only kind it accepts. */
export function isUsernameValid(username: string): boolean {
  return (
    username.length >= USERNAME_MIN_LENGTH && username.length <= USERNAME_MAX_LENGTH && /^[a-z0-9_]+$/.test(username)
  );
}

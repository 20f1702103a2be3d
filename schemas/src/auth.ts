import { z } from 'zod';

/**
 * Accounts and sign-in: the HTTP bodies of /api/auth/* and /api/users/privacy, and the rules the
 * register form's live checklist and the server both apply (so the two can never disagree).
 * Texts are the product spec's, word for word.
 */

export const AUTH_MESSAGES = {
  missingLogin: 'Please enter both email and password.',
  requiredFields: 'Please fill in all required fields.',
  invalidPassword: 'Please ensure your password meets all requirements.',
  underAge: 'You must be at least 13 years old to create an account.',
  emailRequired: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
  invalidUsername: 'Usernames are 3-30 characters: lowercase letters, numbers and underscores.',
  usernameTaken: 'This username is already taken',
  invalidBirthDate: 'Please enter a valid birth date.',
  missingToken: 'The password reset link is invalid or has expired.',
  privacyNothingToChange: 'Choose at least one privacy setting to change.',
} as const;

// ---------------------------------------------------------------------------------------------
// Password rules

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

// ---------------------------------------------------------------------------------------------
// Request bodies

/** A required text field: missing, non-text or blank after trimming all give `message`. */
const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

const email = z
  .string({ error: AUTH_MESSAGES.requiredFields })
  .trim()
  .toLowerCase()
  .min(1, { error: AUTH_MESSAGES.requiredFields })
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

const newPassword = z
  .string({ error: AUTH_MESSAGES.invalidPassword })
  .refine(isPasswordValid, { error: AUTH_MESSAGES.invalidPassword });

/** POST /api/auth/login. The email is only trimmed and lowercased: a wrong one fails as bad credentials. */
export const loginBody = z.object({
  email: requiredText(AUTH_MESSAGES.missingLogin).toLowerCase(),
  // Sent as typed (spaces may be part of a password) but must not be blank.
  password: z
    .string({ error: AUTH_MESSAGES.missingLogin })
    .refine((p) => p.trim().length > 0, { error: AUTH_MESSAGES.missingLogin }),
});
export type LoginBody = z.infer<typeof loginBody>;

/**
 * POST /api/auth/register, judged on the date `today()` returns (the server passes its clock; tests
 * pass a fixed day). The first issue follows the form's order: required fields, then the email's
 * form, then password, age and username rules.
 */
export function registerBodyOn(today: () => Date) {
  return z
    .object({
      firstName: requiredText(AUTH_MESSAGES.requiredFields).max(100),
      lastName: requiredText(AUTH_MESSAGES.requiredFields).max(100),
      email,
      username: requiredText(AUTH_MESSAGES.requiredFields),
      birthDate: requiredText(AUTH_MESSAGES.requiredFields),
      password: z.string({ error: AUTH_MESSAGES.invalidPassword }),
    })
    .superRefine((body, ctx) => {
      const fail = (field: keyof typeof body, message: string) =>
        ctx.addIssue({ code: 'custom', path: [field], message, input: body[field] });
      if (!isPasswordValid(body.password)) fail('password', AUTH_MESSAGES.invalidPassword);
      if (parseBirthDate(body.birthDate) === null) fail('birthDate', AUTH_MESSAGES.invalidBirthDate);
      else if (!isAtLeast13(body.birthDate, today())) fail('birthDate', AUTH_MESSAGES.underAge);
      if (!isUsernameValid(body.username)) fail('username', AUTH_MESSAGES.invalidUsername);
    });
}
export const registerBody = registerBodyOn(() => new Date());
export type RegisterBody = z.infer<typeof registerBody>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordBody = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: AUTH_MESSAGES.emailRequired })
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail })),
});
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

/** POST /api/auth/reset-password: the token from the emailed link and the new password. */
export const resetPasswordBody = z.object({
  token: requiredText(AUTH_MESSAGES.missingToken),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** PATCH /api/users/privacy: either switch or both; an empty body changes nothing and is refused. */
export const privacySettingsBody = z
  .object({
    hideEngagement: z.boolean().optional(),
    hideActivity: z.boolean().optional(),
  })
  .refine((b) => b.hideEngagement !== undefined || b.hideActivity !== undefined, {
    error: AUTH_MESSAGES.privacyNothingToChange,
    path: ['hideEngagement'],
  });
export type PrivacySettingsBody = z.infer<typeof privacySettingsBody>;

// ---------------------------------------------------------------------------------------------
// Responses

/** GET /api/auth/user: the signed-in user (401 when nobody is signed in). */
export const currentUser = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  bio: z.string().nullable(),
  aboutMe: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
  hideEngagement: z.boolean(),
  hideActivity: z.boolean(),
  emailVerified: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** The answer of login, register, forgot-password, reset-password, resend-verification, logout, privacy. */
export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** GET /api/auth/check-username/{username}. */
export const usernameAvailability = z.object({ available: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailability>;

/**
 * Every non-OK answer's JSON body. `error` is a stable code for programs (e.g. "validation_failed",
 * "invalid_credentials", "username_taken"), `field` names the input at fault, `message` is shown to
 * people as is.
 */
export const apiErrorBody = z.object({
  error: z.string(),
  field: z.string().optional(),
  message: z.string(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

/** The error body for a failed parse: the first issue's message, naming its top-level field. */
export function validationErrorBody(error: z.ZodError): ApiErrorBody {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    error: 'validation_failed',
    ...(typeof field === 'string' ? { field } : {}),
    message: issue?.message ?? AUTH_MESSAGES.requiredFields,
  };
}

import { z } from 'zod';

/**
 * Events of the accounts feature (all version 1). A user's life is in `user-{id}`; uniqueness of
 * usernames and emails is held by reservation streams `username-{name}` and `email-{email}`.
 * Tokens never appear in the log: only sha256(token) and the expiry, plus the `tokenId` from
 * which the email worker re-derives the token with TOKEN_SECRET (see ./server.ts).
 */

const isoTime = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** A verification or reset token as the log keeps it. */
const tokenFields = {
  tokenId: z.uuid(),
  tokenHash: sha256Hex,
  expiresAt: isoTime,
};

export const ACCOUNTS_STREAMS = {
  user: (userId: string) => `user-${userId}`,
  username: (username: string) => `username-${username}`,
  email: (normalisedEmail: string) => `email-${normalisedEmail}`,
} as const;

export const userRegistered = z.object({
  userId: z.uuid(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Normalised: trimmed and lowercased. */
  email: z.string(),
  /** YYYY-MM-DD, kept for the age rule and audience analytics. */
  birthDate: z.string(),
  /** scrypt$N$r$p$salt$hash, made by the API's password hashing. */
  passwordHash: z.string(),
  registeredAt: isoTime,
});

export const emailVerificationRequested = z.object({
  userId: z.uuid(),
  email: z.string(),
  /** 'registered' for the first email, 'resend' when the user asked again. */
  reason: z.enum(['registered', 'resend']),
  ...tokenFields,
});

export const emailVerified = z.object({
  userId: z.uuid(),
  email: z.string(),
  verifiedAt: isoTime,
});

export const passwordResetRequested = z.object({
  userId: z.uuid(),
  email: z.string(),
  ...tokenFields,
});

export const passwordReset = z.object({
  userId: z.uuid(),
  passwordHash: z.string(),
  resetAt: isoTime,
});

/** A verified password's hash upgraded to today's scrypt parameters at sign-in (same password, stronger hash). */
export const passwordRehashed = z.object({
  userId: z.uuid(),
  passwordHash: z.string(),
  rehashedAt: isoTime,
});

export const userSignedIn = z.object({ userId: z.uuid(), signedInAt: isoTime });
export const userSignedOut = z.object({ userId: z.uuid(), signedOutAt: isoTime });

/** The full settings after the change (not a diff), so a projection just overwrites. */
export const privacySettingsChanged = z.object({
  userId: z.uuid(),
  hideEngagement: z.boolean(),
  hideActivity: z.boolean(),
});

/**
 * The own profile's look after a change (the full set, not a diff, so a projection overwrites).
 * Picture and background hold `/objects/<key>` paths of media the user attached; the background
 * may instead be a gradient of the safe grammar.
 */
export const profileCustomized = z.object({
  userId: z.uuid(),
  aboutMe: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
  backgroundColor: z.string().nullable(),
  textColor: z.string().nullable(),
});

export const usernameReserved = z.object({ username: z.string(), userId: z.uuid() });
export const usernameReleased = z.object({ username: z.string(), userId: z.uuid() });
export const emailReserved = z.object({ email: z.string(), userId: z.uuid() });
export const emailReleased = z.object({ email: z.string(), userId: z.uuid() });

/** Event type -> payload schema, for parsing events read from the log. */
export const accountsEventSchemas = {
  UserRegistered: userRegistered,
  EmailVerificationRequested: emailVerificationRequested,
  EmailVerified: emailVerified,
  PasswordResetRequested: passwordResetRequested,
  PasswordReset: passwordReset,
  PasswordRehashed: passwordRehashed,
  UserSignedIn: userSignedIn,
  UserSignedOut: userSignedOut,
  PrivacySettingsChanged: privacySettingsChanged,
  ProfileCustomized: profileCustomized,
  UsernameReserved: usernameReserved,
  UsernameReleased: usernameReleased,
  EmailReserved: emailReserved,
  EmailReleased: emailReleased,
} as const;

export type AccountsEventType = keyof typeof accountsEventSchemas;
export type AccountsEventData<T extends AccountsEventType> = z.infer<(typeof accountsEventSchemas)[T]>;

/** One accounts event as a decider sees it: `{ type, data }` with the payload typed by `type`. */
export type AccountsEvent = { [T in AccountsEventType]: { readonly type: T; readonly data: AccountsEventData<T> } }[AccountsEventType];
export type UserEvent = Extract<
  AccountsEvent,
  { type: 'UserRegistered' | 'EmailVerificationRequested' | 'EmailVerified' | 'PasswordResetRequested' | 'PasswordReset' | 'PasswordRehashed' | 'UserSignedIn' | 'UserSignedOut' | 'PrivacySettingsChanged' | 'ProfileCustomized' }
>;

/** Lifetimes of the emailed tokens. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;

/** Parses the payload of an accounts event read from the log (a boundary: the log outlives code). */
export function parseAccountsEvent<T extends AccountsEventType>(type: T, data: unknown): AccountsEventData<T> {
  return accountsEventSchemas[type].parse(data) as AccountsEventData<T>;
}

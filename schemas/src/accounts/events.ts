import { z } from 'zod';

/**
 * Events of the accounts feature (all version 1). A user's life is in `user-{id}`; uniqueness of
 * usernames and emails is held by reservation streams `username-{name}` and `email-{digest}`.
 * Tokens never appear in the log: only sha256(token) and the expiry, plus the `tokenId` from
 * which the email worker re-derives the token with TOKEN_SECRET (see ./server.ts).
 * Personal fields (names, email, birth date, password hashes, the profile's text and pictures) are
 * encrypted with the user's key by the event store (eventstore/src/personal-data) and read as
 * their redaction once AccountDeleted has destroyed that key.
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
  /**
   * `emailDigest(secret, email)` (./server.ts), never the address: a stream name cannot be
   * encrypted or shredded. Streams named by the address itself are from before that rule.
   */
  email: (emailDigestHex: string) => `email-${emailDigestHex}`,
  /** The account's sign-in locks for new devices (SignInLockedForNewDevices), apart from `user-{id}` so the user aggregate is untouched. */
  signInLocks: (userId: string) => `sign-in-locks-${userId}`,
} as const;

/** A deleted account's username stays reserved this long before UsernameReleased frees it. */
export const USERNAME_HOLD_AFTER_DELETION_MS = 30 * 24 * 3600 * 1000;

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

/**
 * The user asked to move their account to `newEmail` (POST /api/auth/email-change, confirmed by
 * their password). A link mailed to `newEmail` confirms it; a newer request replaces this one.
 */
export const emailChangeRequested = z.object({
  userId: z.uuid(),
  /** Normalised: trimmed and lowercased. */
  newEmail: z.string(),
  ...tokenFields,
});

/**
 * The link mailed to the new address was followed: the account's email is `email` from now on,
 * and verified (the link proved the user reads it). `previousEmail` is released.
 */
export const emailChanged = z.object({
  userId: z.uuid(),
  previousEmail: z.string(),
  email: z.string(),
  changedAt: isoTime,
});

/**
 * The account was deleted (DELETE /api/auth/account): its sessions end, its email is released at
 * once, its username USERNAME_HOLD_AFTER_DELETION_MS later, and its personal-data key is destroyed,
 * so the personal fields of all its events read as their redaction from now on.
 */
export const accountDeleted = z.object({ userId: z.uuid(), deletedAt: isoTime });

/**
 * The account used up its budget of failed sign-ins from all addresses (RATE_LIMIT_LOGIN_ACCOUNT):
 * until `lockedUntil`, devices that never signed in to it get 429 without a password check, while
 * its owner's known devices still sign in. Recorded once per lock period; the workers mail `email`.
 */
export const signInLockedForNewDevices = z.object({
  userId: z.uuid(),
  email: z.string(),
  /** Failed attempts counted when the lock began. */
  failedAttempts: z.number().int().min(1),
  lockedAt: isoTime,
  lockedUntil: isoTime,
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
  EmailChangeRequested: emailChangeRequested,
  EmailChanged: emailChanged,
  AccountDeleted: accountDeleted,
  SignInLockedForNewDevices: signInLockedForNewDevices,
  UsernameReserved: usernameReserved,
  UsernameReleased: usernameReleased,
  EmailReserved: emailReserved,
  EmailReleased: emailReleased,
} as const;

export type AccountsEventType = keyof typeof accountsEventSchemas;
export type AccountsEventData<T extends AccountsEventType> = z.infer<(typeof accountsEventSchemas)[T]>;

/** One accounts event as a decider sees it: `{ type, data }` with the payload typed by `type`. */
export type AccountsEvent = {
  [T in AccountsEventType]: { readonly type: T; readonly data: AccountsEventData<T> };
}[AccountsEventType];
export type UserEvent = Extract<
  AccountsEvent,
  {
    type:
      | 'UserRegistered'
      | 'EmailVerificationRequested'
      | 'EmailVerified'
      | 'PasswordResetRequested'
      | 'PasswordReset'
      | 'PasswordRehashed'
      | 'UserSignedIn'
      | 'UserSignedOut'
      | 'PrivacySettingsChanged'
      | 'ProfileCustomized'
      | 'EmailChangeRequested'
      | 'EmailChanged'
      | 'AccountDeleted';
  }
>;

/** Lifetimes of the emailed tokens. */
export const VERIFICATION_TOKEN_TTL_MS = 24 * 3600 * 1000;
export const RESET_TOKEN_TTL_MS = 3600 * 1000;
export const EMAIL_CHANGE_TOKEN_TTL_MS = 24 * 3600 * 1000;

/** Parses the payload of an accounts event read from the log (a boundary: the log outlives code). */
export function parseAccountsEvent<T extends AccountsEventType>(type: T, data: unknown): AccountsEventData<T> {
  return accountsEventSchemas[type].parse(data) as AccountsEventData<T>;
}

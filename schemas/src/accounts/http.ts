import { z } from 'zod';
import { AUTH_MESSAGES } from './messages.ts';
import { isAtLeast13, isPasswordValid, isUsernameValid, parseBirthDate } from './rules.ts';
import { ABOUT_ME_MAX, BACKGROUND_VALUE_MAX, isHexColor, isObjectPath, isSafeGradient } from './profile-rules.ts';
import { role } from '../platform/roles.ts';

/** The HTTP bodies of /api/auth/*, /api/users/privacy and /api/profile/*: requests (with their checks) and answers. */

// ---------------------------------------------------------------------------------------------
// Requests

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

/** DELETE /api/auth/account: the current password confirms it (sent as typed, not blank). */
export const deleteAccountBody = z.object({
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequiredToDelete })
    .refine((p) => p.trim().length > 0, { error: AUTH_MESSAGES.passwordRequiredToDelete }),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** POST /api/auth/email-change: the new address, confirmed by the current password (sent as typed, not blank). */
export const changeEmailBody = z.object({
  newEmail: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, { error: AUTH_MESSAGES.emailRequired })
    .max(254, { error: AUTH_MESSAGES.invalidEmail })
    .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail })),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequiredToChangeEmail })
    .refine((p) => p.trim().length > 0, { error: AUTH_MESSAGES.passwordRequiredToChangeEmail }),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** POST /api/auth/email-change/confirm: the token from the link mailed to the new address. */
export const confirmEmailChangeBody = z.object({
  token: requiredText(AUTH_MESSAGES.emailChangeLinkInvalid).max(200, { error: AUTH_MESSAGES.emailChangeLinkInvalid }),
});
export type ConfirmEmailChangeBody = z.infer<typeof confirmEmailChangeBody>;

/** GET /api/auth/check-username/{username}. */
export const usernameParam = z.object({
  username: z.string().refine(isUsernameValid, { error: AUTH_MESSAGES.invalidUsername }),
});

// ---------------------------------------------------------------------------------------------
// Own profile (/api/profile/*): the picture, the background and the Customize Profile modal

/** PUT /api/profile/picture: an upload address (or the objectPath normalize-path gave). */
export const profilePictureBody = z.object({
  profileImageURL: z.string().trim().min(1, 'profileImageURL is required').max(4096),
});
/** PUT /api/profile/background: an upload address (or its objectPath). */
export const profileBackgroundBody = z.object({
  backgroundImageURL: z.string().trim().min(1, 'backgroundImageURL is required').max(4096),
});

const hexColor = (field: string) =>
  z.string().trim().refine(isHexColor, `${field} must be a hex colour such as #1f2937`);

/**
 * PUT /api/profile/customize: what the modal saves. A field left out keeps its value; null clears
 * it. backgroundImageUrl is an objectPath the user owns or a gradient of the safe grammar.
 */
export const customizeProfileBody = z
  .object({
    backgroundColor: hexColor('backgroundColor').nullable().optional(),
    textColor: hexColor('textColor').nullable().optional(),
    backgroundImageUrl: z
      .string()
      .trim()
      .max(BACKGROUND_VALUE_MAX, `backgroundImageUrl is at most ${BACKGROUND_VALUE_MAX} characters`)
      .refine(
        (v) => v === '' || isObjectPath(v) || isSafeGradient(v),
        'backgroundImageUrl must be an uploaded image or a linear-gradient(...) / radial-gradient(...)',
      )
      .nullable()
      .optional(),
    aboutMe: z.string().max(ABOUT_ME_MAX, `About Me is at most ${ABOUT_ME_MAX} characters`).nullable().optional(),
    profileImageUrl: z
      .string()
      .trim()
      .refine((v) => v === '' || isObjectPath(v), 'profileImageUrl must be an uploaded image')
      .nullable()
      .optional(),
  })
  .strict();
export type CustomizeProfileBody = z.infer<typeof customizeProfileBody>;

// ---------------------------------------------------------------------------------------------
// Answers (login, register, logout... answer with `messageResponse` from the platform)

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
  /** The staff roles the user holds (moderator, analyst, admin); [] for most. */
  roles: z.array(role),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** PUT /api/profile/customize answers the profile's look as saved (with the command's position). */
export const customizedProfile = currentUser.pick({
  aboutMe: true,
  profileImageUrl: true,
  backgroundImageUrl: true,
  backgroundColor: true,
  textColor: true,
});
export type CustomizedProfile = z.infer<typeof customizedProfile>;

/** GET /api/auth/check-username/{username}. */
export const usernameAvailability = z.object({ available: z.boolean() });
export type UsernameAvailability = z.infer<typeof usernameAvailability>;

/** POST /api/auth/email-change/confirm: the account's address from now on. */
export const emailChangedResponse = z.object({ message: z.string(), email: z.string() });
export type EmailChangedResponse = z.infer<typeof emailChangedResponse>;

/** PATCH /api/users/privacy: the settings after the change. */
export const privacySettingsResponse = z.object({
  message: z.string(),
  hideEngagement: z.boolean(),
  hideActivity: z.boolean(),
});
export type PrivacySettingsResponse = z.infer<typeof privacySettingsResponse>;

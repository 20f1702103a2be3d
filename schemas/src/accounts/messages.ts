/**
 * Every user-facing text of accounts and sign-in, each defined once: the form checks, the API's
 * answers and refusals. The web shows them as they are.
 */
export const AUTH_MESSAGES = {
  // Form checks (the register form's live checklist and the server apply the same rules).
  missingLogin: 'Please enter both email and password.',
  requiredFields: 'Please fill in all required fields.',
  invalidPassword: 'Please ensure your password meets all requirements.',
  underAge: 'You must be at least 13 years old to create an account.',
  emailRequired: 'Please enter your email address.',
  invalidEmail: 'Please enter a valid email address.',
  invalidUsername: 'Usernames are 3-30 characters: lowercase letters, numbers and underscores.',
  invalidBirthDate: 'Please enter a valid birth date.',
  /** Also the answer to an unknown or used reset token. */
  missingToken: 'The password reset link is invalid or has expired.',
  privacyNothingToChange: 'Choose at least one privacy setting to change.',
  passwordRequiredToDelete: 'Please enter your password to delete your account.',
  passwordRequiredToChangeEmail: 'Please enter your password to change your email.',
  sameEmail: 'This is already your email address.',

  // Refusals.
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email already exists.',
  invalidCredentials: 'Invalid email or password.',
  resetLinkExpired: 'The password reset link has expired. Please request a new one.',
  verificationLinkInvalid: 'The verification link is invalid or has expired.',
  verificationLinkExpired: 'The verification link has expired. Please request a new one.',
  alreadyVerified: 'Your email is already verified.',
  tooManyLoginAttemptsForAccount:
    'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
  tooManyLoginAttemptsFromNetwork:
    'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
  tooManyLoginAttemptsForNewDevices:
    'Too many failed sign-in attempts for this account. Sign in from a device you have used before, reset your password, or try again later.',
  wrongPasswordToDelete: 'The password is incorrect. Your account was not deleted.',
  wrongPasswordToChangeEmail: 'The password is incorrect. Your email was not changed.',
  emailChangeLinkInvalid: 'The email change link is invalid or has expired.',
  emailChangeLinkExpired: 'The email change link has expired. Please ask for the change again in Account Settings.',
  tooManyEmailChangeRequests: 'Too many email change requests. Please wait an hour and try again.',
  tooManyPasswordAttempts: 'Too many wrong passwords. Please wait a few minutes and try again.',
  tooManyVerificationEmails: 'Too many verification emails requested. Please wait an hour and try again.',

  // Answers.
  registered: 'Registration successful! Please check your email to verify your account.',
  forgotPasswordSent:
    'If an account exists for this email, a password reset link is on its way. Please check your spam folder too.',
  passwordResetDone: 'Your password has been reset. Please sign in with your new password.',
  loggedOut: 'Logged out successfully',
  privacyUpdated: 'Privacy settings updated',
  accountDeleted: 'Your account has been deleted.',
  /** The request's answer: nothing changes until the link mailed to the new address is followed. */
  emailChangeSent:
    'Check your new email address for a link to confirm the change. Until you confirm it, your current address stays in use.',
  emailChanged: 'Your email address has been changed.',
  /** Sign-in of a user a moderator removed (suspended). */
  accountSuspended: 'Your account has been suspended for violating our community guidelines.',
} as const;

/** The own profile's toasts and texts. */
export const PROFILE_MESSAGES = {
  profileUpdated: 'Profile updated!',
  updateFailed: 'Failed to update profile',
  backgroundUploaded: 'Background uploaded!',
  pictureUploaded: 'Profile picture uploaded!',
  backgroundSelected: 'Background selected!',
  photoBackgroundSelected: 'Photo background selected!',
  backgroundRemoved: 'Background removed',
  setBackgroundFailed: 'Failed to set background image.',
  setPictureFailed: 'Failed to set profile picture.',
  searchFailedTitle: 'Search failed',
  searchFailed: 'Failed to search for background images.',
  noPostsTitle: 'No posts yet',
  noPostsText: 'Share your first post to get started!',
} as const;

import { defineFeature } from '../../platform/feature.ts';
import { accountsConfig } from './config.ts';
import { accountsContext } from './context.ts';
import { changePrivacy } from './routes/change-privacy.ts';
import { checkUsername } from './routes/check-username.ts';
import { confirmEmailChange } from './routes/confirm-email-change.ts';
import { customizeProfile } from './routes/customize-profile.ts';
import { deleteAccount } from './routes/delete-account.ts';
import { forgotPassword } from './routes/forgot-password.ts';
import { getCurrentUser } from './routes/get-current-user.ts';
import { login } from './routes/login.ts';
import { logout } from './routes/logout.ts';
import { register } from './routes/register.ts';
import { requestEmailChange } from './routes/request-email-change.ts';
import { resendVerification } from './routes/resend-verification.ts';
import { resetPassword } from './routes/reset-password.ts';
import { setProfileBackground } from './routes/set-profile-background.ts';
import { setProfilePicture } from './routes/set-profile-picture.ts';
import { verifyEmail } from './routes/verify-email.ts';

/** Accounts: registration, email verification, sign-in and out, password reset, privacy settings, the own profile's look, email change, and account deletion. */
export const accounts = defineFeature({
  name: 'accounts',
  config: accountsConfig,
  context: accountsContext,
  routes: [
    register,
    login,
    logout,
    getCurrentUser,
    checkUsername,
    verifyEmail,
    resendVerification,
    forgotPassword,
    resetPassword,
    changePrivacy,
    setProfilePicture,
    setProfileBackground,
    customizeProfile,
    requestEmailChange,
    confirmEmailChange,
    deleteAccount,
  ],
});

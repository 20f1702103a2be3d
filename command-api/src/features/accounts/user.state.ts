import type { UserEvent } from '@myworld/schemas';

/** The user aggregate (stream `user-{id}`) as its events leave it. */

export interface PendingToken {
  readonly tokenHash: string;
  readonly expiresAt: string;
}

export interface UserState {
  readonly registered: boolean;
  readonly userId: string | null;
  readonly email: string | null;
  readonly username: string | null;
  readonly firstName: string | null;
  readonly passwordHash: string | null;
  readonly emailVerified: boolean;
  /** Verification tokens not yet used; all are consumed once the email is verified. */
  readonly pendingVerifications: readonly PendingToken[];
  /** Reset tokens not yet used; all are consumed by a reset. */
  readonly pendingResets: readonly PendingToken[];
  readonly hideEngagement: boolean;
  readonly hideActivity: boolean;
  readonly profile: ProfileLook;
}

/** The own profile's look (the Customize Profile modal); null is unset (the page's defaults). */
export interface ProfileLook {
  readonly aboutMe: string | null;
  readonly profileImageUrl: string | null;
  readonly backgroundImageUrl: string | null;
  readonly backgroundColor: string | null;
  readonly textColor: string | null;
}

export const initialUserState = (): UserState => ({
  registered: false,
  userId: null,
  email: null,
  username: null,
  firstName: null,
  passwordHash: null,
  emailVerified: false,
  pendingVerifications: [],
  pendingResets: [],
  hideEngagement: false,
  hideActivity: false,
  profile: { aboutMe: null, profileImageUrl: null, backgroundImageUrl: null, backgroundColor: null, textColor: null },
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, firstName, passwordHash } = event.data;
      return { ...state, registered: true, userId, email, username, firstName, passwordHash };
    }
    case 'EmailVerificationRequested':
      return { ...state, pendingVerifications: [...state.pendingVerifications, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }] };
    case 'EmailVerified':
      return { ...state, emailVerified: true, pendingVerifications: [] };
    case 'PasswordResetRequested':
      return { ...state, pendingResets: [...state.pendingResets, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }] };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, pendingResets: [] };
    case 'PasswordRehashed':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'PrivacySettingsChanged':
      return { ...state, hideEngagement: event.data.hideEngagement, hideActivity: event.data.hideActivity };
    case 'ProfileCustomized': {
      const { userId: _userId, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'UserSignedIn':
    case 'UserSignedOut':
      return state;
  }
}

import type { DomainEvent, UserEvent } from '@myworld/schemas';

/** The user aggregate (stream `user-{id}`) as its events leave it. */

/** What the user stream holds: the accounts' events, and a moderator's removal (suspension) of the user and an admin's reinstatement. */
export type UserStreamEvent = UserEvent | Extract<DomainEvent, { type: 'ContentRemoved' | 'AccountReinstated' }>;

export interface PendingToken {
  readonly tokenHash: string;
  readonly expiresAt: string;
}

export interface PendingEmailChange extends PendingToken {
  readonly newEmail: string;
}

export interface UserState {
  /** An account exists and is not deleted. */
  readonly registered: boolean;
  /** When the account was deleted (AccountDeleted); null while it lives. */
  readonly deletedAt: string | null;
  /** When a moderator removed (suspended) the user (ContentRemoved of the user); null if never. */
  readonly suspendedAt: string | null;
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
  /** The email change waiting for its link to be followed; a newer request replaces it. */
  readonly pendingEmailChange: PendingEmailChange | null;
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
  deletedAt: null,
  suspendedAt: null,
  userId: null,
  email: null,
  username: null,
  firstName: null,
  passwordHash: null,
  emailVerified: false,
  pendingVerifications: [],
  pendingResets: [],
  pendingEmailChange: null,
  hideEngagement: false,
  hideActivity: false,
  profile: { aboutMe: null, profileImageUrl: null, backgroundImageUrl: null, backgroundColor: null, textColor: null },
});

export function evolveUser(state: UserState, event: UserStreamEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { userId, email, username, firstName, passwordHash } = event.data;
      return { ...state, registered: true, userId, email, username, firstName, passwordHash };
    }
    case 'EmailVerificationRequested':
      return {
        ...state,
        pendingVerifications: [
          ...state.pendingVerifications,
          { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
        ],
      };
    case 'EmailVerified':
      return { ...state, emailVerified: true, pendingVerifications: [] };
    case 'PasswordResetRequested':
      return {
        ...state,
        pendingResets: [...state.pendingResets, { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt }],
      };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, pendingResets: [] };
    case 'PasswordRehashed':
      return { ...state, passwordHash: event.data.passwordHash };
    case 'EmailChangeRequested': {
      const { tokenHash, expiresAt, newEmail } = event.data;
      return { ...state, pendingEmailChange: { tokenHash, expiresAt, newEmail } };
    }
    case 'EmailChanged':
      // Links mailed to the old address (verification, reset) stop working with it.
      return {
        ...state,
        email: event.data.email,
        emailVerified: true,
        pendingEmailChange: null,
        pendingVerifications: [],
        pendingResets: [],
      };
    case 'PrivacySettingsChanged':
      return { ...state, hideEngagement: event.data.hideEngagement, hideActivity: event.data.hideActivity };
    case 'ProfileCustomized': {
      const { userId: _userId, ...profile } = event.data;
      return { ...state, profile };
    }
    case 'AccountDeleted':
      // The username is kept: it stays reserved for a while (reservation.decider.ts).
      return {
        ...state,
        registered: false,
        deletedAt: event.data.deletedAt,
        pendingVerifications: [],
        pendingResets: [],
        pendingEmailChange: null,
      };
    case 'ContentRemoved':
      return event.data.contentType === 'user'
        ? { ...state, suspendedAt: state.suspendedAt ?? event.data.removedAt }
        : state;
    case 'AccountReinstated':
      // An admin lifted the suspension: sign-in works again.
      return { ...state, suspendedAt: null };
    case 'UserSignedIn':
    case 'UserSignedOut':
      return state;
  }
}

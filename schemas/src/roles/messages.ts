/** Every user-facing text of roles, each defined once. */
export const ROLE_MESSAGES = {
  unknownRole: 'Unknown role',
  userNotFound: 'User not found',
  notHeld: 'The user does not hold this role',
  cannotRevokeOwnAdmin: 'You cannot revoke your own admin role',
  noPermission: 'You do not have permission to view this page.',
  granted: (role: string, username: string) => `Granted ${role} to @${username}`,
  revoked: (role: string, username: string) => `Revoked ${role} from @${username}`,
} as const;

import type { CurrentUser } from '@myworld/schemas';

/** A signed-in user as GET /api/auth/user returns it. */
export function testUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'u1',
    username: 'jane_doe',
    firstName: 'Jane',
    lastName: 'Doe',
    email: 'jane@example.com',
    bio: null,
    aboutMe: null,
    profileImageUrl: null,
    backgroundImageUrl: null,
    backgroundColor: null,
    textColor: null,
    hideEngagement: false,
    hideActivity: false,
    emailVerified: true,
    ...overrides,
  };
}

import type { CurrentUser, LiveStream } from '@myworld/schemas';

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
    roles: [],
    ...overrides,
  };
}

/** A live stream as the listings and GET /api/streams/{id} answer it: "Morning jam" by @dj, live now. */
export function testLiveStream(overrides: Partial<LiveStream> = {}): LiveStream {
  return {
    id: '7c0e0f6e-1f55-4c5b-9a43-0e5a4f1d2b01',
    userId: 'u2',
    title: 'Morning jam',
    description: '',
    category: 'music',
    tags: [],
    allowDuets: true,
    thumbnailUrl: null,
    viewerCount: 0,
    totalGiftsReceived: 0,
    isActive: true,
    isScheduled: false,
    scheduledFor: null,
    startedAt: new Date().toISOString(),
    endedAt: null,
    streamerUsername: 'dj',
    duetPartnerId: null,
    user: { username: 'dj', profileImageUrl: null, isVerified: false },
    ...overrides,
  };
}

/**
 * Every query key in the client, in one place, so a mutation in one feature can invalidate what it
 * changes in another without importing it. A key is the path segments of what it reads (the
 * default query function GETs them joined by "/"); invalidating a key also invalidates every key
 * it is a prefix of.
 */
export const queryKeys = {
  /** GET /api/auth/user: who is signed in (null for nobody). */
  currentUser: ['/api/auth/user'] as const,
  /** GET /api/auth/check-username/{username}. */
  usernameAvailability: (username: string) => ['/api/auth/check-username', username] as const,
  /** The home feed (fresh for 5 minutes, see query-client.ts). */
  feed: ['/api/feed'] as const,
  liveStreams: {
    /** Prefix of every live stream listing: starting or ending a stream refreshes them all. */
    listings: ['/api/streams'] as const,
    /** GET /api/streams/active?category= (or /active/all). */
    active: (category: string) => ['/api/streams', 'active', category] as const,
    /** GET /api/live-streams: live and upcoming. */
    liveAndUpcoming: ['/api/streams', 'live-listing'] as const,
    /** One room's own reads; never refreshed by a listing change. */
    join: (streamId: string) => ['live-stream-room', streamId, 'join'] as const,
    chat: (streamId: string) => ['live-stream-room', streamId, 'chat'] as const,
  },
  /** GET /api/users/{id}/...: public profiles and their grids; posting and following refresh them all. */
  profiles: {
    all: ['/api/users'] as const,
    /** GET /api/users/{userIdOrUsername}/profile (null for an unknown user). */
    profile: (userIdOrUsername: string) => ['/api/users', userIdOrUsername, 'profile'] as const,
    /** GET /api/users/{id}/posts, paged by X-Next-Cursor. */
    posts: (userId: string) => ['/api/users', userId, 'posts'] as const,
    /** GET /api/users/{id}/videos, paged by X-Next-Cursor. */
    videos: (userId: string) => ['/api/users', userId, 'videos'] as const,
    /** GET /api/users/{id}/photos, paged by X-Next-Cursor. */
    photos: (userId: string) => ['/api/users', userId, 'photos'] as const,
  },
  /** Direct messages: the conversation list, each conversation's messages, and the badge's total. */
  messages: {
    /** GET /api/conversations: newest first, paged by X-Next-Cursor. */
    conversations: ['/api/conversations'] as const,
    /** Prefix of every conversation's messages. */
    threads: ['/api/messages'] as const,
    /** GET /api/messages/{otherUserId}: one conversation, oldest first, with the earlier pages loaded so far. */
    thread: (otherUserId: string) => ['/api/messages', otherUserId] as const,
    /** The total unread count: summed from the conversations, then set by the socket and by reading (never fetched). */
    unreadTotal: ['direct-messages', 'unread-total'] as const,
  },
  /** GET /api/posts/{id}: one post; its author also sees a video's processing status. */
  post: (postId: string) => ['/api/posts', postId] as const,
  /** GET /api/search?q=&filter=: one list per query and filter, paged by X-Next-Cursor. */
  search: (q: string, filter: string) => ['/api/search', filter, q] as const,
  /** GET /api/trending: hashtags, creators and content trending now, and discover's totals. */
  trending: ['/api/trending'] as const,
  hashtags: {
    /** GET /api/hashtags/{tag}: the tag and its use count. */
    summary: (tag: string) => ['/api/hashtags', tag] as const,
    /** GET /api/hashtags/{tag}/posts: its posts as feed items, newest first, paged by X-Next-Cursor. */
    posts: (tag: string) => ['/api/hashtags', tag, 'posts'] as const,
  },
  /** GET /api/videos/category/{category}: that category's videos as feed items, ranked, paged by X-Next-Cursor. */
  categoryVideos: (category: string) => ['/api/videos/category', category] as const,
  /** GET /api/recommendations and /api/user-preferences (signed in): an interaction refreshes both. */
  recommendations: {
    all: ['/api/recommendations'] as const,
    /** GET /api/recommendations?category=&limit=. */
    list: (category: string, limit: number) => ['/api/recommendations', category, limit] as const,
    /** GET /api/user-preferences. */
    preferences: ['/api/user-preferences'] as const,
  },
  /** Gifts: the catalogue, the payment page's configuration and the streamer's earnings. */
  gifts: {
    /** GET /api/gifts: the catalogue, cheapest first (fixed while the server runs). */
    catalogue: ['/api/gifts'] as const,
    /** GET /api/payments/config: which payment provider confirms a gift. */
    paymentsConfig: ['/api/payments/config'] as const,
    /** GET /api/earnings: the signed-in streamer's gift earnings (paid by webhooks, so re-read on every mount). */
    earnings: ['/api/earnings'] as const,
  },
  stories: {
    /** GET /api/stories: the live stories of the user and the people they follow; creating a story refreshes it. */
    all: ['/api/stories'] as const,
    /** GET /api/stories/{id}/viewers (the author only). */
    viewers: (storyId: string) => ['/api/stories', storyId, 'viewers'] as const,
  },
} as const;

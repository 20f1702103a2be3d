import type { RecommendationItem, SearchResult, TrendingResponse, UserPreferences } from '@myworld/schemas';

/** Search, trending and recommendation answers as the API gives them (GET /api/search, /api/trending, /api/recommendations). */

const user = {
  id: 'u2',
  username: 'sam',
  firstName: 'Sam',
  lastName: 'Lee',
  profileImageUrl: null,
  isVerified: false,
  followerCount: 1250,
};
const stats = { likes: 4, comments: 1, shares: 0, views: 2500 };
/** A text post's card look (a teal card, white bold text). */
export const TEST_TEXT_STYLE = { backgroundColor: '#0f766e', textColor: '#ffffff', fontStyle: 'bold' } as const;

export function testSearchResult(type: SearchResult['type'], overrides: Partial<SearchResult> = {}): SearchResult {
  const base: SearchResult = {
    type,
    id: `${type}-1`,
    user,
    title: '',
    content: '',
    thumbnailUrl: null,
    textStyle: null,
    trending: false,
    createdAt: new Date().toISOString(),
    stats,
  };
  switch (type) {
    case 'user':
      return { ...base, id: user.id, title: 'Sam Lee', content: user.username, ...overrides };
    case 'video':
      return {
        ...base,
        id: '00000000-0000-4000-8000-0000000000a1',
        title: 'Sunset ride',
        content: 'Sunset ride #sunset',
        thumbnailUrl: '/objects/videos/v1.webp',
        ...overrides,
      };
    case 'text_post':
      return {
        ...base,
        id: '00000000-0000-4000-8000-0000000000b2',
        content: 'Golden hour #sunset',
        textStyle: TEST_TEXT_STYLE,
        ...overrides,
      };
    case 'hashtag':
      return { ...base, id: 'sunset', user: null, title: '#sunset', useCount: 42, ...overrides };
  }
}

export function testTrending(overrides: Partial<TrendingResponse> = {}): TrendingResponse {
  return {
    hashtags: [
      { name: 'sunset', useCount: 42 },
      { name: 'food', useCount: 1 },
    ],
    users: [
      {
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        profileImageUrl: null,
        isVerified: false,
        followerCount: user.followerCount,
      },
    ],
    content: [testSearchResult('video', { trending: true })],
    totals: { videos: 1250, textPosts: 3_400_000, creators: 87, hashtags: 999 },
    ...overrides,
  };
}

export function testRecommendation(n: number, overrides: Partial<RecommendationItem> = {}): RecommendationItem {
  const type = n % 2 === 0 ? 'post' : 'video';
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type,
    title: `Pick ${n}`,
    content: `Pick ${n} text`,
    thumbnailUrl: null,
    textStyle: type === 'post' ? TEST_TEXT_STYLE : null,
    trending: false,
    user: { id: user.id, username: user.username, firstName: user.firstName, profileImageUrl: null, isVerified: false },
    stats: { views: 100, likes: 10, comments: 1 },
    recommendationScore: 1 / n,
    recommendationReason: ['personalized'],
    createdAt: new Date().toISOString(),
    ...overrides,
  };
}

export function testPreferences(overrides: Partial<UserPreferences> = {}): UserPreferences {
  return {
    favoriteCategories: ['music', 'travel', 'food'],
    engagementPatterns: { mostActiveHours: [21], interactionStyle: 'viewer' },
    ...overrides,
  };
}

import type { Comment, TextItem, VideoItem } from '@myworld/schemas';

/** Posts and comments as the API answers them (GET /api/feed, /api/posts/{id}, /comments). */

const author = { id: 'u2', username: 'sam', firstName: 'Sam', profileImageUrl: null };

export function testVideo(overrides: Partial<VideoItem> = {}): VideoItem {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'video',
    authorId: author.id,
    user: author,
    createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    likeCount: 1250,
    viewCount: 9000,
    commentCount: 3,
    shareCount: 0,
    liked: false,
    videoUrl: '/objects/videos/v1.mp4',
    thumbnailUrl: '/objects/videos/v1.webp',
    description: 'Sunset ride',
    category: 'travel',
    durationSeconds: 12,
    status: 'published',
    failureReason: null,
    ...overrides,
  };
}

export function testTextPost(overrides: Partial<TextItem> = {}): TextItem {
  return {
    id: '00000000-0000-4000-8000-000000000002',
    kind: 'text',
    authorId: author.id,
    user: author,
    createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
    likeCount: 4,
    viewCount: 10,
    commentCount: 0,
    shareCount: 2,
    liked: false,
    description: '',
    content: 'Hello world',
    imageUrl: null,
    textColor: '#ffffff',
    backgroundColor: '#7c3aed',
    fontStyle: 'bold',
    ...overrides,
  };
}

export function testComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '00000000-0000-4000-8000-0000000000c1',
    postId: '00000000-0000-4000-8000-000000000001',
    authorId: author.id,
    content: 'Nice!',
    createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    user: author,
    ...overrides,
  };
}

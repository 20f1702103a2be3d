import type { Story } from '@myworld/schemas';

/** Stories as GET /api/stories answers them; by default a text story by Sam (u2), 10 minutes old. */
export function testStory(overrides: Partial<Story> = {}): Story {
  const createdAt = Date.now() - 10 * 60_000;
  return {
    id: '00000000-0000-4000-8000-0000000005a1',
    userId: 'u2',
    mediaType: 'text',
    content: 'Hello from Sam',
    mediaUrl: null,
    backgroundColor: '#000000',
    viewCount: 0,
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: new Date(createdAt + 24 * 3600_000).toISOString(),
    user: { username: 'sam', firstName: 'Sam', profileImageUrl: null },
    ...overrides,
  };
}

/** A story by another author: `n` picks a distinct id and age (the higher, the newer). */
export const storyId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

import { describe, expect, it } from 'vitest';
import { minutesAgo, storyId, testStory } from '../testing/story-fixtures.ts';
import { groupStories } from './group-stories.ts';
import { nextPosition, previousPosition } from './story-sequence.ts';

const sam = { username: 'sam', firstName: 'Sam', profileImageUrl: null };
const ava = { username: 'ava', firstName: '', profileImageUrl: null };
const me = { username: 'jane_doe', firstName: 'Jane', profileImageUrl: null };

describe('grouping stories into strip entries', () => {
  it('makes one entry per author with the sum of the view counts, stories oldest first', () => {
    const groups = groupStories(
      [
        testStory({ id: storyId(2), userId: 'u2', user: sam, viewCount: 4, createdAt: minutesAgo(5) }),
        testStory({ id: storyId(3), userId: 'u3', user: ava, viewCount: 10, createdAt: minutesAgo(30) }),
        testStory({ id: storyId(1), userId: 'u2', user: sam, viewCount: 3, createdAt: minutesAgo(50) }),
      ],
      'u1',
    );
    expect(groups.map((g) => [g.userId, g.viewCount, g.stories.map((s) => s.id)])).toEqual([
      ['u2', 7, [storyId(1), storyId(2)]],
      ['u3', 10, [storyId(3)]],
    ]);
  });

  it("puts the user's own entry first, then the author with the newest story", () => {
    const groups = groupStories(
      [
        testStory({ id: storyId(1), userId: 'u1', user: me, createdAt: minutesAgo(600) }),
        testStory({ id: storyId(2), userId: 'u2', user: sam, createdAt: minutesAgo(60) }),
        testStory({ id: storyId(3), userId: 'u3', user: ava, createdAt: minutesAgo(2) }),
      ],
      'u1',
    );
    expect(groups.map((g) => g.userId)).toEqual(['u1', 'u3', 'u2']);
  });

  it('leaves out stories past their expiry (the list is not read again on its own)', () => {
    const now = new Date();
    const groups = groupStories(
      [
        testStory({ id: storyId(1), userId: 'u2', expiresAt: new Date(now.getTime() - 1).toISOString(), viewCount: 5 }),
        testStory({ id: storyId(2), userId: 'u2', viewCount: 1 }),
        testStory({ id: storyId(3), userId: 'u3', expiresAt: now.toISOString() }),
      ],
      'u1',
      now,
    );
    expect(groups.map((g) => [g.userId, g.viewCount, g.stories.length])).toEqual([['u2', 1, 1]]);
  });
});

describe('moving through the entries', () => {
  const groups = groupStories(
    [
      testStory({ id: storyId(1), userId: 'u2', createdAt: minutesAgo(3) }),
      testStory({ id: storyId(2), userId: 'u2', createdAt: minutesAgo(2) }),
      testStory({ id: storyId(3), userId: 'u3', user: ava, createdAt: minutesAgo(9) }),
    ],
    'u1',
  );

  it("goes on from an author's last story to the next author's first, and ends after the last", () => {
    expect(groups.map((g) => g.userId)).toEqual(['u2', 'u3']);
    expect(nextPosition(groups, { group: 0, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(nextPosition(groups, { group: 0, story: 1 })).toEqual({ group: 1, story: 0 });
    expect(nextPosition(groups, { group: 1, story: 0 })).toBeNull();
  });

  it("goes back from an author's first story to the previous author's last, and not before the first", () => {
    expect(previousPosition(groups, { group: 1, story: 0 })).toEqual({ group: 0, story: 1 });
    expect(previousPosition(groups, { group: 0, story: 1 })).toEqual({ group: 0, story: 0 });
    expect(previousPosition(groups, { group: 0, story: 0 })).toBeNull();
  });
});

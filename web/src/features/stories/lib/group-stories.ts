import type { Story } from '@myworld/schemas';

/** One strip entry: an author's live stories, oldest first, and the sum of their view counts. */
export interface StoryGroup {
  userId: string;
  user: Story['user'];
  stories: Story[];
  viewCount: number;
}

/**
 * Groups the stories per author (the strip's entries). Stories already past their expiry are
 * left out: the list is read once and not refetched on its own, so a page left open would
 * otherwise keep showing them. The signed-in user's own entry comes first, then the author with
 * the newest story.
 */
export function groupStories(
  stories: readonly Story[],
  ownUserId: string | null,
  now: Date = new Date(),
): StoryGroup[] {
  const byUser = new Map<string, StoryGroup>();
  for (const story of stories) {
    if (Date.parse(story.expiresAt) <= now.getTime()) continue;
    const group = byUser.get(story.userId) ?? { userId: story.userId, user: story.user, stories: [], viewCount: 0 };
    group.stories.push(story);
    group.viewCount += story.viewCount;
    byUser.set(story.userId, group);
  }
  const groups = [...byUser.values()];
  for (const g of groups) g.stories.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const newest = (g: StoryGroup) => Date.parse(g.stories.at(-1)!.createdAt);
  return groups.sort(
    (a, b) => Number(b.userId === ownUserId) - Number(a.userId === ownUserId) || newest(b) - newest(a),
  );
}

/** The name an entry shows: the first name, else the username. */
export function authorName(user: Story['user']): string {
  return user.firstName.trim() || user.username;
}

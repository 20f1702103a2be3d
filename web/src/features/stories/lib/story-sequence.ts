import type { StoryGroup } from './group-stories.ts';

/**
 * Where the viewer is: which author's entry and which of their stories. The viewer plays the
 * entries one after another, so the next of an author's last story is the next author's first.
 */
export interface StoryPosition {
  group: number;
  story: number;
}

/** The story after `at`, or null after the very last one (the viewer then closes). */
export function nextPosition(groups: readonly StoryGroup[], at: StoryPosition): StoryPosition | null {
  const count = groups[at.group]?.stories.length ?? 0;
  if (at.story + 1 < count) return { group: at.group, story: at.story + 1 };
  if (at.group + 1 < groups.length) return { group: at.group + 1, story: 0 };
  return null;
}

/** The story before `at` (the previous author's last one, at an author's first), or null on the first. */
export function previousPosition(groups: readonly StoryGroup[], at: StoryPosition): StoryPosition | null {
  if (at.story > 0) return { group: at.group, story: at.story - 1 };
  const previous = groups[at.group - 1];
  if (!previous) return null;
  return { group: at.group - 1, story: previous.stories.length - 1 };
}

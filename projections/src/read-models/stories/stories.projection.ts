import { defineProjection, mergeHandlers } from '../../projection.ts';
import { followEdgeHandlers } from '../../read-model-parts/follow-edges.ts';
import { audienceHandlers } from './audience.handlers.ts';
import { storyHandlers } from './story.handlers.ts';
import { createStoriesTables, type StoriesDb } from './stories.tables.ts';

export type { StoriesDb } from './stories.tables.ts';

/**
 * The stories read model: live stories with their unique-viewer counts, who viewed each, and the
 * follow edges and user cards GET /api/stories and the viewers list read.
 */
export const storiesProjection = defineProjection<StoriesDb>({
  name: 'stories',
  // 2: stories removed by moderators leave; hidden ones are flagged.
  // 3: deleted accounts leave with their stories, card and follows.
  // 4: a suspended user's stories stay, flagged (author_suspended), and show again on reinstatement.
  version: 4,
  migrate: createStoriesTables,
  handlers: mergeHandlers(storyHandlers, audienceHandlers, followEdgeHandlers<StoriesDb>()),
});

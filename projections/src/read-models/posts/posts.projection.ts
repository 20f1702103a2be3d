import { defineProjection, mergeHandlers } from '../../projection.ts';
import { audienceHandlers } from './audience.handlers.ts';
import { contentHandlers } from './content.handlers.ts';
import { postsRuns } from './engagement.runs.ts';
import { moderationHandlers } from './moderation.handlers.ts';
import { createPostsTables, type PostsDb } from './posts.tables.ts';

export type { PostsDb } from './posts.tables.ts';

/**
 * The posts read model: published posts with their counters and scores, and the per-viewer facts
 * the feed ranks by. Detail pages, comment lists, profile grids and both feed tabs read it.
 * Content moderation removed is gone; hidden content only its author sees.
 */
export const postsProjection = defineProjection<PostsDb>({
  name: 'posts',
  // 5: deleted accounts leave with their posts, comments, author card and follows.
  // 6: likes, comments, shares and views applied in runs (same rows as version 5).
  // 7: a video's editor effects (`effects`).
  // 8: a user hidden by moderation takes their posts out of grids and feeds (author_hidden); a
  //    suspended user's posts are hidden, not deleted, and come back when the user is reinstated.
  // 9: a suspended user's comments are parked (suspended_comments), not deleted, and come back on reinstatement.
  // 10: engagement, posts, authors and follows applied by one run handler, a single event as a run
  //     of one (same rows as version 9).
  version: 10,
  migrate: createPostsTables,
  handlers: mergeHandlers(contentHandlers, moderationHandlers, audienceHandlers),
  runHandlers: [postsRuns],
});

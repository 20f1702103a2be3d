import { defineProjection, mergeHandlers } from '../../projection.ts';
import { followEdgeHandlers } from '../../read-model-parts/follow-edges.ts';
import { audienceHandlers } from './audience.handlers.ts';
import { contentHandlers } from './content.handlers.ts';
import { engagementHandlers } from './engagement.handlers.ts';
import { createPostsTables, type PostsDb } from './posts.tables.ts';

export type { PostsDb } from './posts.tables.ts';

/**
 * The posts read model: published posts with their counters and scores, and the per-viewer facts
 * the feed ranks by. Detail pages, comment lists, profile grids and both feed tabs read it.
 */
export const postsProjection = defineProjection<PostsDb>({
  name: 'posts',
  version: 3,
  migrate: createPostsTables,
  handlers: mergeHandlers(contentHandlers, engagementHandlers, audienceHandlers, followEdgeHandlers<PostsDb>()),
});

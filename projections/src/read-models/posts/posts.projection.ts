import { defineProjection, type ProjectionHandlers } from '../../projection.ts';
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
  version: 2,
  migrate: createPostsTables,
  handlers: mergeHandlers(contentHandlers, engagementHandlers, audienceHandlers),
});

/** One handler per event type: the parts never share one (a duplicate is a programming error). */
function mergeHandlers(...parts: ProjectionHandlers<PostsDb>[]): ProjectionHandlers<PostsDb> {
  const merged: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [type, handler] of Object.entries(part)) {
      if (type in merged) throw new Error(`posts read model: two handlers for ${type}`);
      merged[type] = handler;
    }
  }
  return merged as ProjectionHandlers<PostsDb>;
}

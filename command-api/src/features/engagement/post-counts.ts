import type { Position } from '@myworld/schemas';
import { postEngagement, type PostEngagement, type PostsDb } from '@myworld/projections';
import type { Platform } from '../../platform/feature.ts';

/**
 * A post's counters from the `posts` read model once it has applied `position` (waiting at most
 * MIN_POSITION_WAIT_MS; past that, the counters as they are). Counts are never made up from
 * events here: the read model is the one place they are kept. Undefined when the post is gone.
 */
export async function postCountsAfter(
  platform: Platform,
  postId: string,
  position: Position | null,
): Promise<PostEngagement | undefined> {
  if (position) await platform.readModels.waitFor('posts', position, platform.config.MIN_POSITION_WAIT_MS);
  return postEngagement(await platform.readModels.query<PostsDb>('posts'), postId);
}

/** The like count as `viewerId` may see it: left out when the author hides engagement from others. */
export function visibleLikeCount(counts: PostEngagement | undefined, viewerId: string): { likeCount?: number } {
  if (!counts || (counts.hideEngagement && counts.authorId !== viewerId)) return {};
  return { likeCount: counts.likeCount };
}

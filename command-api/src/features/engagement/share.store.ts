import { shareStreamName } from '@myworld/schemas';
import type { CommandContext } from '../../platform/commands/command-handler.ts';
import { newAggregateId } from '../../platform/commands/deterministic-id.ts';
import type { Platform } from '../../platform/feature.ts';
import { handleCommandForRead } from '../../platform/commands/command-for-read.ts';
import { shareDecider } from './share.decider.ts';
import { livePost } from './target-post.ts';

/**
 * Shares a post on a new `share-{shareId}`: the post must exist (404 naming `field`). The id
 * derives from the Idempotency-Key when there is one (and the post, since a key's fingerprint
 * does not cover path parameters), so a retry lands on the same stream and counts once.
 */
export async function sharePost(platform: Platform, input: { postId: string; userId: string; context: CommandContext; field?: string }) {
  const post = await livePost(platform.store, input.postId, input.field);
  const shareId = newAggregateId(input.context, input.userId, `share:${post.postId}`);
  const command = { type: 'SharePost', shareId, postId: post.postId, userId: input.userId, authorId: post.authorId, now: new Date() } as const;
  const result = await handleCommandForRead(platform.store, shareStreamName(shareId), shareDecider, command, input.context);
  return { ...result, post };
}

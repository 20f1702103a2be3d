import { shareStreamName } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import { uuidV5 } from '../commands/deterministic-id.ts';
import type { EventStore } from '@myworld/eventstore';
import { handleCommandForRead } from '../commands/command-for-read.ts';
import { shareDecider } from './share.decider.ts';
import { livePost } from './target-post.ts';

/**
 * The one share of `postId` by `userId`: its id derives from both, so sharing again (a retry with
 * or without an Idempotency-Key, or a script) lands on the same stream and records nothing; a
 * share counts once per user per post in every count, trend and recommendation.
 */
export const shareIdOf = (postId: string, userId: string) => uuidV5(`share\u0000${postId}\u0000${userId}`);

/** Shares a post on `share-{shareId}`: the post must exist (404 naming `field`); a repeat records nothing. */
export async function sharePost(
  platform: { readonly store: EventStore },
  input: { postId: string; userId: string; context: CommandContext; field?: string },
) {
  const post = await livePost(platform.store, input.postId, input.field);
  const shareId = shareIdOf(post.postId, input.userId);
  const command = {
    type: 'SharePost',
    shareId,
    postId: post.postId,
    userId: input.userId,
    authorId: post.authorId,
    now: new Date(),
  } as const;
  const result = await handleCommandForRead(
    platform.store,
    shareStreamName(shareId),
    shareDecider,
    command,
    input.context,
  );
  return { ...result, post };
}

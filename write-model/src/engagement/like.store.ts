import { likeStreamName } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import type { EventStore } from '@myworld/eventstore';
import { likeDecider } from './like.decider.ts';
import { handleCommandForRead } from '../commands/command-for-read.ts';
import { livePost } from './target-post.ts';

/**
 * Likes (or unlikes) a post for `userId` on `like-{postId}-{userId}`: the post must exist (404
 * naming `field`); a repeat records nothing. Concurrent repeats meet on that one stream, so the
 * log never holds two likes in a row however many arrive at once.
 */
export async function setLike(
  platform: { readonly store: EventStore },
  input: { postId: string; userId: string; like: boolean; context: CommandContext; field?: string },
) {
  const post = await livePost(platform.store, input.postId, input.field);
  const command = {
    type: input.like ? 'LikePost' : 'UnlikePost',
    postId: post.postId,
    userId: input.userId,
    authorId: post.authorId,
    now: new Date(),
  } as const;
  const result = await handleCommandForRead(
    platform.store,
    likeStreamName(post.postId, input.userId),
    likeDecider,
    command,
    input.context,
  );
  return { ...result, post };
}

import { likeStreamName } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import type { EventStore } from '@myworld/eventstore';
import { likeDecider } from './like.decider.ts';
import { handleCommandForRead } from '../commands/command-for-read.ts';
import { livePost, type TargetPost } from './target-post.ts';

/**
 * Likes (or unlikes) a post for `userId` on `like-{postId}-{userId}`: the post must exist (404
 * naming `field`); a repeat records nothing. Concurrent repeats meet on that one stream, so the
 * log never holds two likes in a row however many arrive at once.
 */
export async function setLike(
  platform: { readonly store: EventStore },
  input: {
    postId: string;
    userId: string;
    like: boolean;
    context: CommandContext;
    field?: string;
    /** The post, when the caller already started reading it (to read something beside the append). */
    post?: Promise<TargetPost>;
  },
) {
  // The post's stream and the like's stream are read side by side: one round trip, not two.
  const postRead = input.post ?? livePost(platform.store, input.postId, input.field);
  postRead.catch(() => {}); // a missing post fails the command below, not the process
  const result = await handleCommandForRead(
    platform.store,
    likeStreamName(input.postId, input.userId),
    likeDecider,
    async () => {
      const post = await postRead;
      return {
        type: input.like ? 'LikePost' : 'UnlikePost',
        postId: post.postId,
        userId: input.userId,
        authorId: post.authorId,
        now: new Date(),
      } as const;
    },
    input.context,
  );
  return { ...result, post: await postRead };
}

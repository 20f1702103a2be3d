import { viewStreamName } from '@myworld/schemas';
import type { CommandContext } from '../commands/command-handler.ts';
import type { EventStore } from '@myworld/eventstore';
import { handleCommandForRead } from '../commands/command-for-read.ts';
import { livePost } from './target-post.ts';
import { viewDecider } from './view.decider.ts';

/** Records that `viewerId` watched a post (404 naming `field` when it does not exist); counted at most once an hour. */
export async function viewPost(
  platform: { readonly store: EventStore },
  input: { postId: string; viewerId: string; context: CommandContext; field?: string },
) {
  const post = await livePost(platform.store, input.postId, input.field);
  const command = {
    type: 'ViewPost',
    postId: post.postId,
    viewerId: input.viewerId,
    authorId: post.authorId,
    now: new Date(),
  } as const;
  return handleCommandForRead(
    platform.store,
    viewStreamName(post.postId, input.viewerId),
    viewDecider,
    command,
    input.context,
  );
}

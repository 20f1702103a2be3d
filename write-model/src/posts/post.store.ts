import type { EventStore } from '@myworld/eventstore';
import { postStreamName, type PostEvent } from '@myworld/schemas';
import { handleCommand, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { postDecider, type PostCommand } from './post.decider.ts';
import type { PostState } from './post.state.ts';

/** Runs one command on the post (`post-{id}`). */
export function runPostCommand(
  store: EventStore,
  postId: string,
  command: PostCommand,
  context: CommandContext,
): Promise<CommandResult<PostState, PostEvent>> {
  return handleCommand(store, postStreamName(postId), postDecider, command, context);
}

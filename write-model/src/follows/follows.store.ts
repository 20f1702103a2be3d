import type { EventStore } from '@myworld/eventstore';
import { followStreamName, type FollowEvent } from '@myworld/schemas';
import { handleCommand, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { followsDecider, type FollowsCommand } from './follows.decider.ts';
import type { FollowsState } from './follows.state.ts';

/** Runs one command on the follower's stream (`follow-{followerId}`). */
export function runFollowsCommand(
  store: EventStore,
  command: FollowsCommand,
  context: CommandContext,
): Promise<CommandResult<FollowsState, FollowEvent>> {
  return handleCommand(store, followStreamName(command.followerId), followsDecider, command, context);
}

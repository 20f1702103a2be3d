import type { EventStore } from '@myworld/eventstore';
import { commentStreamName } from '@myworld/schemas';
import { handleCommand, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { commentDecider, type CommentCommand } from './comment.decider.ts';
import type { CommentEvent, CommentState } from './comment.state.ts';

/** Runs one command on a comment (`comment-{commentId}`). */
export function runCommentCommand(
  store: EventStore,
  commentId: string,
  command: CommentCommand,
  context: CommandContext,
): Promise<CommandResult<CommentState, CommentEvent>> {
  return handleCommand(store, commentStreamName(commentId), commentDecider, command, context);
}

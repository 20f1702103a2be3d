import type { EventStore } from '@myworld/eventstore';
import { storyStreamName } from '@myworld/schemas';
import { handleCommand, loadAggregate, type CommandContext, type CommandResult } from '../commands/command-handler.ts';
import { storyDecider, type StoryCommand } from './story.decider.ts';
import type { StoryState, StoryStreamEvent } from './story.state.ts';

/** Runs one command on the story (`story-{id}`). */
export function runStoryCommand(
  store: EventStore,
  storyId: string,
  command: StoryCommand,
  context: CommandContext,
): Promise<CommandResult<StoryState, StoryStreamEvent>> {
  return handleCommand(store, storyStreamName(storyId), storyDecider, command, context);
}

/** The story as its own stream says (none for an unknown id). */
export async function loadStory(store: EventStore, storyId: string): Promise<StoryState> {
  return (await loadAggregate(store, storyStreamName(storyId), storyDecider)).state;
}

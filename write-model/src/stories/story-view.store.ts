import { storyViewStreamName } from '@myworld/schemas';
import { handleCommand, type CommandContext } from '../commands/command-handler.ts';
import type { EventStore } from '@myworld/eventstore';
import { liveStory } from './live-story.ts';
import { storyViewDecider } from './story-view.decider.ts';

/**
 * Records that `viewerId` viewed a live story, on `storyview-{storyId}-{viewerId}`: concurrent
 * views by one viewer meet on that one stream (so at most one StoryViewed), and different viewers
 * never contend. 404 when the story is unknown or expired.
 */
export async function recordStoryView(
  platform: { readonly store: EventStore },
  input: { storyId: string; viewerId: string; context: CommandContext },
) {
  const now = new Date();
  const story = await liveStory(platform.store, input.storyId, now);
  const command = {
    type: 'ViewStory',
    storyId: story.storyId,
    viewerId: input.viewerId,
    authorId: story.authorId,
    now,
  } as const;
  return handleCommand(
    platform.store,
    storyViewStreamName(story.storyId, input.viewerId),
    storyViewDecider,
    command,
    input.context,
  );
}

import type { EventStore } from '@myworld/eventstore';
import { STORY_MESSAGES } from '@myworld/schemas';
import { DomainError } from '../commands/domain-error.ts';
import { isLive } from './story.state.ts';
import { loadStory } from './story.store.ts';

/**
 * The story a view or a viewers list is about, from its own stream (so a story created a moment
 * ago counts before the read model has it): an unknown or expired one, or one whose time is up
 * while its expiry job is late, is a 404 "Story not found".
 */
export async function liveStory(
  store: EventStore,
  storyId: string,
  now: Date,
): Promise<{ storyId: string; authorId: string }> {
  const state = await loadStory(store, storyId);
  if (!isLive(state, now)) throw new DomainError('not_found', STORY_MESSAGES.notFound, 404);
  return { storyId: state.storyId, authorId: state.authorId };
}

import type { Decider } from '../commands/decider.ts';
import {
  evolveStoryView,
  initialStoryViewState,
  type StoryViewEvent,
  type StoryViewState,
} from './story-view.state.ts';

/** A signed-in user viewed a live story (that it is live, and whose it is, is checked before, from its stream). */
export type StoryViewCommand = {
  readonly type: 'ViewStory';
  readonly storyId: string;
  readonly viewerId: string;
  readonly authorId: string;
  readonly now: Date;
};

/** A story counts each viewer once; its author's own views never count. */
export function decideStoryView(command: StoryViewCommand, state: StoryViewState): StoryViewEvent[] {
  const { storyId, viewerId, authorId, now } = command;
  if (state.viewed || viewerId === authorId) return [];
  return [{ type: 'StoryViewed', data: { storyId, viewerId, authorId, viewedAt: now.toISOString() } }];
}

export const storyViewDecider: Decider<StoryViewState, StoryViewCommand, StoryViewEvent> = {
  initialState: initialStoryViewState,
  decide: decideStoryView,
  evolve: evolveStoryView,
};

import type { StoryEvent } from '@myworld/schemas';

/** The view event, the only one on a story view stream. */
export type StoryViewEvent = Extract<StoryEvent, { type: 'StoryViewed' }>;

/** One viewer's views of one story (stream `storyview-{storyId}-{viewerId}`): whether one counted. */
export interface StoryViewState {
  readonly viewed: boolean;
}

export const initialStoryViewState = (): StoryViewState => ({ viewed: false });

export const evolveStoryView = (_state: StoryViewState, _event: StoryViewEvent): StoryViewState => ({ viewed: true });

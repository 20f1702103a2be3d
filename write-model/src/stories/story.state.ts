import type { StoryEvent } from '@myworld/schemas';

/** A story (stream `story-{id}`) as its events leave it: live until it expires. */
export type StoryState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active' | 'expired';
      readonly storyId: string;
      readonly authorId: string;
      /** The media object of an image or video story; null for text. */
      readonly mediaId: string | null;
      readonly expiresAt: Date;
    };

/** The events on a story's own stream (views are on each viewer's `storyview-` stream). */
export type StoryStreamEvent = Extract<StoryEvent, { type: 'StoryCreated' | 'StoryExpired' }>;

export const initialStoryState = (): StoryState => ({ status: 'none' });

export function evolveStory(state: StoryState, event: StoryStreamEvent): StoryState {
  switch (event.type) {
    case 'StoryCreated': {
      const { storyId, authorId, mediaId, expiresAt } = event.data;
      return { status: 'active', storyId, authorId, mediaId, expiresAt: new Date(expiresAt) };
    }
    case 'StoryExpired':
      return state.status === 'none' ? state : { ...state, status: 'expired' };
    default:
      // Moderation's events on this stream (ContentRemoved, ContentHidden, ContentRestored) do not change it.
      return state;
  }
}

/** Whether the story can be seen at `now`: created, not expired, and its time not yet up (the job may be late). */
export const isLive = (
  state: StoryState,
  now: Date,
): state is Exclude<StoryState, { status: 'none' }> & { status: 'active' } =>
  state.status === 'active' && now.getTime() < state.expiresAt.getTime();

import { VIEW_COUNT_WINDOW_SECONDS } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { evolveView, initialViewState, type ViewEvent, type ViewState } from './view.state.ts';

/**
 * A viewer watched a post. `now` is the server's clock, never the client's timestamp, so nobody
 * counts extra views by sending times an hour apart.
 */
export type ViewCommand = {
  readonly type: 'ViewPost';
  readonly postId: string;
  readonly viewerId: string;
  readonly authorId: string;
  readonly now: Date;
};

export function decideView(command: ViewCommand, state: ViewState): ViewEvent[] {
  const { postId, viewerId, authorId, now } = command;
  // Within the window of the last counted view, watching again is not a new view.
  if (state.lastCountedAt && now.getTime() - state.lastCountedAt.getTime() < VIEW_COUNT_WINDOW_SECONDS * 1000)
    return [];
  return [{ type: 'PostViewed', data: { postId, viewerId, authorId, viewedAt: now.toISOString() } }];
}

export const viewDecider: Decider<ViewState, ViewCommand, ViewEvent> = {
  initialState: initialViewState,
  decide: decideView,
  evolve: evolveView,
};

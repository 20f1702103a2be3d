import type { EngagementEvent } from '@myworld/schemas';

/** The view event, the only one on a view stream. */
export type ViewEvent = Extract<EngagementEvent, { type: 'PostViewed' }>;

/** One viewer's views of one post (stream `view-{postId}-{viewerId}`): when the last one counted. */
export interface ViewState {
  readonly lastCountedAt: Date | null;
}

export const initialViewState = (): ViewState => ({ lastCountedAt: null });

export function evolveView(_state: ViewState, event: ViewEvent): ViewState {
  return { lastCountedAt: new Date(event.data.viewedAt) };
}

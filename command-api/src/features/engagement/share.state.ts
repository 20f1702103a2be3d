import type { EngagementEvent } from '@myworld/schemas';

/** The share event, the only one on a share stream. */
export type ShareEvent = Extract<EngagementEvent, { type: 'PostShared' }>;

/** One share (stream `share-{shareId}`): every share is its own stream, so each one counts. */
export interface ShareState {
  readonly shared: boolean;
}

export const initialShareState = (): ShareState => ({ shared: false });

export function evolveShare(_state: ShareState, _event: ShareEvent): ShareState {
  return { shared: true };
}

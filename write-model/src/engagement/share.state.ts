import type { EngagementEvent } from '@myworld/schemas';

/** The share event, the only one on a share stream. */
export type ShareEvent = Extract<EngagementEvent, { type: 'PostShared' }>;

/** One user's share of one post (stream `share-{shareId}`, the id derived from both): whether it is recorded. */
export interface ShareState {
  readonly shared: boolean;
}

export const initialShareState = (): ShareState => ({ shared: false });

export function evolveShare(_state: ShareState, _event: ShareEvent): ShareState {
  return { shared: true };
}

import type { Decider } from '../commands/decider.ts';
import { evolveShare, initialShareState, type ShareEvent, type ShareState } from './share.state.ts';

/** Sharing a post; the post is checked before, from its stream. */
export type ShareCommand = {
  readonly type: 'SharePost';
  readonly shareId: string;
  readonly postId: string;
  readonly userId: string;
  readonly authorId: string;
  readonly now: Date;
};

export function decideShare(command: ShareCommand, state: ShareState): ShareEvent[] {
  // The share id derives from the post and the user (share.store.ts): sharing again is not a new fact.
  if (state.shared) return [];
  const { shareId, postId, userId, authorId, now } = command;
  return [{ type: 'PostShared', data: { shareId, postId, userId, authorId, sharedAt: now.toISOString() } }];
}

export const shareDecider: Decider<ShareState, ShareCommand, ShareEvent> = {
  initialState: initialShareState,
  decide: decideShare,
  evolve: evolveShare,
};

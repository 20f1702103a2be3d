import type { Decider } from '../../platform/commands/decider.ts';
import { evolveShare, initialShareState, type ShareEvent, type ShareState } from './share.state.ts';

/** Sharing a post once more; the post is checked before, from its stream. */
export type ShareCommand = {
  readonly type: 'SharePost';
  readonly shareId: string;
  readonly postId: string;
  readonly userId: string;
  readonly authorId: string;
  readonly now: Date;
};

export function decideShare(command: ShareCommand, state: ShareState): ShareEvent[] {
  // A share id is new for every share (derived from the Idempotency-Key on a retry): one recorded is all it takes.
  if (state.shared) return [];
  const { shareId, postId, userId, authorId, now } = command;
  return [{ type: 'PostShared', data: { shareId, postId, userId, authorId, sharedAt: now.toISOString() } }];
}

export const shareDecider: Decider<ShareState, ShareCommand, ShareEvent> = { initialState: initialShareState, decide: decideShare, evolve: evolveShare };

import type { Decider } from '../commands/decider.ts';
import { evolveLike, initialLikeState, type LikeEvent, type LikeState } from './like.state.ts';

/** Liking or unliking a post; that the post exists (and whose it is) is checked before, from its stream. */
export type LikeCommand = {
  readonly type: 'LikePost' | 'UnlikePost';
  readonly postId: string;
  readonly userId: string;
  /** The post's author, carried by the event so read models credit them without a lookup. */
  readonly authorId: string;
  readonly now: Date;
};

export function decideLike(command: LikeCommand, state: LikeState): LikeEvent[] {
  const { postId, userId, authorId, now } = command;
  switch (command.type) {
    case 'LikePost':
      // Liking again is not a new fact.
      if (state.liked) return [];
      return [{ type: 'PostLiked', data: { postId, userId, authorId, likedAt: now.toISOString() } }];
    case 'UnlikePost':
      if (!state.liked) return [];
      return [{ type: 'PostUnliked', data: { postId, userId, authorId, unlikedAt: now.toISOString() } }];
  }
}

export const likeDecider: Decider<LikeState, LikeCommand, LikeEvent> = {
  initialState: initialLikeState,
  decide: decideLike,
  evolve: evolveLike,
};

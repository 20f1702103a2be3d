import { FOLLOWING_MAX, FOLLOW_MESSAGES, type FollowEvent } from '@myworld/schemas';
import type { Decider } from '../commands/decider.ts';
import { DomainError } from '../commands/domain-error.ts';
import { evolveFollows, initialFollowsState, type FollowsState } from './follows.state.ts';

/** Commands on one user's follows; whether the followee exists is checked before (the route). */
export type FollowsCommand =
  | { readonly type: 'Follow'; readonly followerId: string; readonly followeeId: string; readonly now: Date }
  | { readonly type: 'Unfollow'; readonly followerId: string; readonly followeeId: string; readonly now: Date };

export function decideFollows(command: FollowsCommand, state: FollowsState): FollowEvent[] {
  const { followerId, followeeId, now } = command;
  switch (command.type) {
    case 'Follow':
      if (followeeId === followerId)
        throw new DomainError('cannot_follow_self', FOLLOW_MESSAGES.cannotFollowSelf, 400, 'id');
      // Following again is not a new fact.
      if (state.following.has(followeeId)) return [];
      if (state.following.size >= FOLLOWING_MAX)
        throw new DomainError('following_limit', FOLLOW_MESSAGES.followingLimit, 409);
      return [{ type: 'UserFollowed', data: { followerId, followeeId, followedAt: now.toISOString() } }];
    case 'Unfollow':
      if (!state.following.has(followeeId)) return [];
      return [{ type: 'UserUnfollowed', data: { followerId, followeeId, unfollowedAt: now.toISOString() } }];
  }
}

export const followsDecider: Decider<FollowsState, FollowsCommand, FollowEvent> = {
  initialState: initialFollowsState,
  decide: decideFollows,
  evolve: evolveFollows,
};

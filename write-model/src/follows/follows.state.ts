import type { FollowEvent } from '@myworld/schemas';

/** One user's follows (stream `follow-{followerId}`): whom they follow now. */
export interface FollowsState {
  readonly following: ReadonlySet<string>;
}

export const initialFollowsState = (): FollowsState => ({ following: new Set() });

export function evolveFollows(state: FollowsState, event: FollowEvent): FollowsState {
  const following = new Set(state.following);
  if (event.type === 'UserFollowed') following.add(event.data.followeeId);
  else following.delete(event.data.followeeId);
  return { following };
}

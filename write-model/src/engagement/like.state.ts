import type { EngagementEvent } from '@myworld/schemas';

/** The like events, the only ones on a like stream. */
export type LikeEvent = Extract<EngagementEvent, { type: 'PostLiked' | 'PostUnliked' }>;

/** One user's like of one post (stream `like-{postId}-{userId}`): whether they like it now. */
export interface LikeState {
  readonly liked: boolean;
}

export const initialLikeState = (): LikeState => ({ liked: false });

export function evolveLike(_state: LikeState, event: LikeEvent): LikeState {
  return { liked: event.type === 'PostLiked' };
}

import { z } from 'zod';

/**
 * Events of a user's follows, stream `follow-{followerId}`: who they started and stopped
 * following. One stream per follower keeps "at most once" a single-stream decision.
 */

export const followStreamName = (followerId: string) => `follow-${followerId}`;

export const userFollowed = z.object({ followerId: z.string(), followeeId: z.string(), followedAt: z.string() });
export const userUnfollowed = z.object({ followerId: z.string(), followeeId: z.string(), unfollowedAt: z.string() });

export const followEventSchemas = {
  UserFollowed: userFollowed,
  UserUnfollowed: userUnfollowed,
} as const;

export type FollowEventType = keyof typeof followEventSchemas;
export type FollowEvent = {
  [K in FollowEventType]: { readonly type: K; readonly data: z.infer<(typeof followEventSchemas)[K]> };
}[FollowEventType];

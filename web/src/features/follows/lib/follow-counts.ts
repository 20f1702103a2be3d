import type { Profile } from '@myworld/schemas';

/**
 * A cached profile as it reads once the viewer's follow of `followeeId` changes to `following`:
 * the followee gains or loses a follower, and the viewer's own profile a followee. Anything else,
 * and a profile already showing that state, is returned as is.
 */
export function withFollowChange(
  profile: Profile | null | undefined,
  followeeId: string,
  following: boolean,
): Profile | null | undefined {
  if (!profile) return profile;
  const step = following ? 1 : -1;
  if (profile.id === followeeId) {
    if (profile.isFollowing === following) return profile;
    return { ...profile, isFollowing: following, followerCount: Math.max(0, profile.followerCount + step) };
  }
  if (profile.isSelf) return { ...profile, followingCount: Math.max(0, profile.followingCount + step) };
  return profile;
}

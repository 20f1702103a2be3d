import { useQuery } from '@tanstack/react-query';
import { profile, type Profile } from '@myworld/schemas';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type ProfileCounts = Pick<Profile, 'postCount' | 'followerCount' | 'followingCount'>;

/**
 * The own profile's counts from GET /api/users/{me}/profile. Same key and answer (the parsed
 * Profile, null for a 404) as the profiles feature's read, so both share one cache entry, and
 * following or posting (which invalidate `queryKeys.profiles.all`) refreshes these counts.
 */
export function useProfileCounts(userId: string) {
  return useQuery({
    queryKey: queryKeys.profiles.profile(userId),
    queryFn: async ({ signal }): Promise<Profile | null> => {
      const res = await apiFetch('GET', `/api/users/${encodeURIComponent(userId)}/profile`, { signal });
      if (res.status === 404) return null;
      await throwIfNotOk(res);
      return profile.parse(await res.json());
    },
    enabled: userId !== '',
    select: (p): ProfileCounts | null =>
      p ? { postCount: p.postCount, followerCount: p.followerCount, followingCount: p.followingCount } : null,
  });
}

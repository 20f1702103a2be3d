import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile, type Profile } from '@myworld/schemas';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/users/{userIdOrUsername}/profile: the profile, or null when there is no such user (404). */
export async function getProfile(userIdOrUsername: string, signal?: AbortSignal): Promise<Profile | null> {
  const res = await apiFetch('GET', `/api/users/${encodeURIComponent(userIdOrUsername)}/profile`, { signal });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return profile.parse(await res.json());
}

/** Kept until something changes it: following and posting invalidate `queryKeys.profiles.all`. */
export function profileQueryOptions(userIdOrUsername: string) {
  return queryOptions({
    queryKey: queryKeys.profiles.profile(userIdOrUsername),
    queryFn: ({ signal }) => getProfile(userIdOrUsername, signal),
  });
}

export function useProfile(userIdOrUsername: string) {
  return useQuery(profileQueryOptions(userIdOrUsername));
}

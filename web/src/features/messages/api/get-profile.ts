import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile, type Profile } from '@myworld/schemas';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * GET /api/users/{id}/profile, for the header of a conversation the list does not have yet (no
 * messages). Under the profiles' shared key, so coming from that user's profile page reads no
 * more; null for an unknown user (404), like the profile page's read of the same key.
 */
export async function getProfile(userId: string, signal?: AbortSignal): Promise<Profile | null> {
  const res = await apiFetch('GET', `/api/users/${encodeURIComponent(userId)}/profile`, { signal });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return profile.parse(await res.json());
}

export function useProfile(userId: string, { enabled }: { enabled: boolean }) {
  return useQuery(queryOptions({ queryKey: queryKeys.profiles.profile(userId), queryFn: ({ signal }) => getProfile(userId, signal), enabled }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { profile } from '@myworld/schemas';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** GET /api/users/{username}/profile: the creator an analyst asked for, or null when nobody has that username (404). */
export async function findCreator(username: string, signal?: AbortSignal) {
  const res = await apiFetch('GET', `/api/users/${encodeURIComponent(username)}/profile`, { signal });
  if (res.status === 404) return null;
  await throwIfNotOk(res);
  return profile.parse(await res.json());
}

/** Shares the profile's cache entry: the same read answers both pages. */
export const creatorQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.profiles.profile(username),
    queryFn: ({ signal }) => findCreator(username, signal),
  });

export function useCreator(username: string) {
  return useQuery(creatorQueryOptions(username));
}

import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { profile, profileVideosResponse, type Profile, type ProfileVideo } from '@myworld/schemas';
import { apiFetch, apiPage, throwIfNotOk } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * A user's public profile and video grid, read by several features (the profile page, analytics'
 * chosen creator, the video editor's own videos, a new chat's header) through one cache entry each.
 */

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

/** One page of a profile grid and the cursor of the next (null on the last page). */
export interface ProfilePage<T> {
  items: T[];
  nextCursor: string | null;
}

/** GET /api/users/{id}/{list}?cursor=: one of a profile's grids. */
export const profileListUrl = (userId: string, list: 'posts' | 'videos' | 'photos', cursor: string | null) =>
  `/api/users/${encodeURIComponent(userId)}/${list}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** GET /api/users/{id}/videos?cursor=: newest first; the author also sees processing and failed ones. */
export async function listProfileVideos(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfilePage<ProfileVideo>> {
  const page = await apiPage(profileListUrl(userId, 'videos', cursor), signal);
  return { items: profileVideosResponse.parse(page.body), nextCursor: page.nextCursor };
}

export function useProfileVideos(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.videos(userId),
    queryFn: ({ pageParam, signal }) => listProfileVideos(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

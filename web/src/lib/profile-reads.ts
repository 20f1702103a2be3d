import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { profile, profileVideosResponse, type Profile } from '@myworld/schemas';
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

/** One of a profile's paged lists, read with its answer's schema, a page per X-Next-Cursor. */
export function useProfileList<S extends z.ZodType<Array<{ id: string }>>>(
  userId: string,
  list: 'posts' | 'videos' | 'photos',
  response: S,
) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles[list](userId),
    queryFn: async ({ pageParam, signal }): Promise<ProfilePage<z.infer<S>[number]>> => {
      const page = await apiPage(profileListUrl(userId, list, pageParam), signal);
      return { items: response.parse(page.body), nextCursor: page.nextCursor };
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/users/{id}/videos?cursor=: newest first; the author also sees processing and failed ones. */
export const useProfileVideos = (userId: string) => useProfileList(userId, 'videos', profileVideosResponse);

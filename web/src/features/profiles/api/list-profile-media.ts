import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { profilePhotosResponse, profilePostsResponse } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { profileListUrl, type ProfilePage } from '../../../lib/profile-reads.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The videos grid's read is shared with other features: web/src/lib/profile-reads.ts.

/** One of a profile's paged lists, read with its own answer's schema, a page per X-Next-Cursor. */
function useProfileList<S extends z.ZodType<Array<{ id: string }>>>(
  userId: string,
  list: 'posts' | 'photos',
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

/** GET /api/users/{id}/photos?cursor=: the user's text posts with a photo. */
export const useProfilePhotos = (userId: string) => useProfileList(userId, 'photos', profilePhotosResponse);

/** GET /api/users/{id}/posts?cursor=: every post of the user, text posts with what draws their card. */
export const useProfilePosts = (userId: string) => useProfileList(userId, 'posts', profilePostsResponse);

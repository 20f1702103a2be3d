import { useInfiniteQuery } from '@tanstack/react-query';
import { profilePhotosResponse, profilePostsResponse, type ProfilePhoto, type ProfilePost } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { profileListUrl, type ProfilePage } from '../../../lib/profile-reads.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The videos grid's read is shared with other features: web/src/lib/profile-reads.ts.

/** GET /api/users/{id}/photos?cursor=: the user's text posts with a photo. */
export async function listProfilePhotos(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfilePage<ProfilePhoto>> {
  const page = await apiPage(profileListUrl(userId, 'photos', cursor), signal);
  return { items: profilePhotosResponse.parse(page.body), nextCursor: page.nextCursor };
}

export function useProfilePhotos(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.photos(userId),
    queryFn: ({ pageParam, signal }) => listProfilePhotos(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** GET /api/users/{id}/posts?cursor=: every post of the user, text posts with what draws their card. */
export async function listProfilePosts(
  userId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfilePage<ProfilePost>> {
  const page = await apiPage(profileListUrl(userId, 'posts', cursor), signal);
  return { items: profilePostsResponse.parse(page.body), nextCursor: page.nextCursor };
}

export function useProfilePosts(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.posts(userId),
    queryFn: ({ pageParam, signal }) => listProfilePosts(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

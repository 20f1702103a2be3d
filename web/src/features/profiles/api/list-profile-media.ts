import { useInfiniteQuery } from '@tanstack/react-query';
import { profilePhotosResponse, profileVideosResponse, type ProfilePhoto, type ProfileVideo } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One page of a profile grid and the cursor of the next (null on the last page). */
export interface ProfilePage<T> {
  items: T[];
  nextCursor: string | null;
}

const pageUrl = (userId: string, list: 'videos' | 'photos', cursor: string | null) =>
  `/api/users/${encodeURIComponent(userId)}/${list}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;

/** GET /api/users/{id}/videos?cursor=: newest first; the author also sees processing and failed ones. */
export async function listProfileVideos(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ProfilePage<ProfileVideo>> {
  const page = await apiPage(pageUrl(userId, 'videos', cursor), signal);
  return { items: profileVideosResponse.parse(page.body), nextCursor: page.nextCursor };
}

/** GET /api/users/{id}/photos?cursor=: the user's text posts with a photo. */
export async function listProfilePhotos(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ProfilePage<ProfilePhoto>> {
  const page = await apiPage(pageUrl(userId, 'photos', cursor), signal);
  return { items: profilePhotosResponse.parse(page.body), nextCursor: page.nextCursor };
}

export function useProfileVideos(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.videos(userId),
    queryFn: ({ pageParam, signal }) => listProfileVideos(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useProfilePhotos(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.photos(userId),
    queryFn: ({ pageParam, signal }) => listProfilePhotos(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

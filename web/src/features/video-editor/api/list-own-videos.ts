import { useInfiniteQuery } from '@tanstack/react-query';
import { profileVideosResponse, type ProfileVideo } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export interface VideosPage {
  items: ProfileVideo[];
  nextCursor: string | null;
}

/** GET /api/users/{id}/videos?cursor=: the user's own videos, newest first (the profile grid's list). */
export async function listOwnVideos(userId: string, cursor: string | null, signal?: AbortSignal): Promise<VideosPage> {
  const url = `/api/users/${encodeURIComponent(userId)}/videos${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
  const page = await apiPage(url, signal);
  return { items: profileVideosResponse.parse(page.body), nextCursor: page.nextCursor };
}

/** Shares the profile grid's cache entry (same key, same page shape), so a new video shows in both. */
export function useOwnVideos(userId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.profiles.videos(userId),
    queryFn: ({ pageParam, signal }) => listOwnVideos(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

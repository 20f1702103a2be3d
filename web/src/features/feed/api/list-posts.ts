import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { feedResponse } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { PostSource } from '../../../lib/slots.tsx';
import { getFeedPage, type FeedPage } from './get-feed.ts';

/**
 * GET {url}?cursor=: any list of feed items paged by X-Next-Cursor (a hashtag's posts, a
 * category's videos).
 */
export async function getPostListPage(url: string, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const page = await apiPage(cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url, signal);
  return { items: feedResponse.parse(page.body), nextCursor: page.nextCursor };
}

/**
 * A source's pages: each feed tab is its own list under the feed key (fresh for 5 minutes, see
 * query-client.ts); another list is read at its key's segments joined by "/", as every read is.
 */
export function postSourceQueryOptions(source: PostSource) {
  const queryKey: readonly string[] = source.kind === 'feed' ? [...queryKeys.feed, source.tab] : source.queryKey;
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      source.kind === 'feed'
        ? getFeedPage(source.tab, pageParam, signal)
        : getPostListPage(source.queryKey.join('/'), pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function usePostSource(source: PostSource) {
  return useInfiniteQuery(postSourceQueryOptions(source));
}

import { useEffect } from 'react';

/** How many items before the end the next page is asked for, so scrolling rarely waits. */
export const LOAD_AHEAD_ITEMS = 3;

interface LoadMoreOptions {
  /** Position of the item on screen in the list (-1: none yet). */
  activeIndex: number;
  itemCount: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/** Infinite scroll: asks for the next page once the viewer is within a few items of the end. */
export function useLoadMore({
  activeIndex,
  itemCount,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
}: LoadMoreOptions) {
  const nearEnd = activeIndex >= 0 && activeIndex >= itemCount - LOAD_AHEAD_ITEMS;
  useEffect(() => {
    if (nearEnd && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [nearEnd, hasNextPage, isFetchingNextPage, fetchNextPage]);
}

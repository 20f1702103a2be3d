import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import type { ProfilePage } from '../../../lib/profile-reads.ts';
import './profiles.css';

interface PagedProfileGridProps<T extends { id: string }> {
  /** One of a profile's paged lists (posts, videos, photos). */
  query: UseInfiniteQueryResult<InfiniteData<ProfilePage<T>>>;
  /** What the list holds, for the spinner and the failure ("videos"). */
  noun: string;
  /** Test ids: `profile-{testId}-grid`, `-empty` (or `emptyTestId`) and `-load-more`. */
  testId: string;
  emptyTestId?: string;
  emptyText: string;
  renderItem: (item: T) => ReactNode;
}

/** A profile tab's grid: 3 columns, newest first, a page at a time, with its loading, failed and empty states. */
export function PagedProfileGrid<T extends { id: string }>({
  query,
  noun,
  testId,
  emptyTestId = `profile-${testId}-empty`,
  emptyText,
  renderItem,
}: PagedProfileGridProps<T>) {
  if (query.isPending)
    return <span className="spinner profile-grid__spinner" role="progressbar" aria-label={`Loading ${noun}`} />;
  if (query.isError) return <p className="profile-grid__empty">Could not load {noun}.</p>;
  const items = query.data.pages.flatMap((page) => page.items);
  if (items.length === 0)
    return (
      <p className="profile-grid__empty" data-testid={emptyTestId}>
        {emptyText}
      </p>
    );
  return (
    <>
      <ul className="profile-grid" data-testid={`profile-${testId}-grid`}>
        {items.map((item) => (
          <li key={item.id}>{renderItem(item)}</li>
        ))}
      </ul>
      <LoadMore
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        testId={`profile-${testId}-load-more`}
        className="profile-grid__more"
      />
    </>
  );
}

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  testId: string;
}

/** "Load more" under a paged grid, while the server gave a next cursor. */
export function LoadMore({ hasMore, loading, onLoadMore, testId }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <button type="button" className="btn btn--secondary btn--block profile-grid__more" disabled={loading} onClick={onLoadMore} data-testid={testId}>
      {loading ? 'Loading...' : 'Load more'}
    </button>
  );
}

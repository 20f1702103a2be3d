interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  testId: string;
  /** Extra classes for where it sits (e.g. the gap above it). */
  className?: string;
}

/** "Load more" under a paged list, while the server gave a next cursor (X-Next-Cursor). */
export function LoadMore({ hasMore, loading, onLoadMore, testId, className = '' }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <button
      type="button"
      className={`btn btn--secondary btn--block ${className}`}
      disabled={loading}
      onClick={onLoadMore}
      data-testid={testId}
    >
      {loading ? 'Loading...' : 'Load more'}
    </button>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { RECOMMENDATIONS_MESSAGES, type RecommendationItem } from '@myworld/schemas';
import { RecommendationCard } from './recommendation-card.tsx';

/** A recommendations list: loading, a failure with a retry, the empty state, or the items best first. */
export function RecommendationList({ query }: { query: UseQueryResult<RecommendationItem[]> }) {
  if (query.isPending)
    return (
      <span className="spinner recommendations__spinner" role="progressbar" aria-label="Loading recommendations" />
    );
  if (query.isError) {
    return (
      <div className="recommendations__status" role="alert">
        <p>Couldn't load recommendations.</p>
        <button type="button" className="btn btn--secondary btn--small" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <p className="recommendations__status muted" role="status" data-testid="recommendations-empty">
        {RECOMMENDATIONS_MESSAGES.building}
      </p>
    );
  }
  return (
    <ol className="recommendations__list" data-testid="recommendations-list">
      {query.data.map((item) => (
        <li key={item.id}>
          <RecommendationCard item={item} />
        </li>
      ))}
    </ol>
  );
}

import { SEARCH_MESSAGES } from '@myworld/schemas';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { useSearchResults } from '../api/search.ts';
import type { SearchInput } from '../lib/search-params.ts';
import { SearchResultItem } from './search-result-item.tsx';

interface SearchResultsProps {
  search: SearchInput;
  /** The typed query has not settled yet: a search is about to run. */
  pending: boolean;
}

/**
 * A query's results with its status texts, and "Load more" while the server has more. A
 * failed search clears the results silently.
 */
export function SearchResults({ search, pending }: SearchResultsProps) {
  const results = useSearchResults(search.q, search.filter);
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];

  if (pending || results.isPending) {
    return (
      <p className="search-status" role="status" data-testid="search-status">
        {SEARCH_MESSAGES.searching}
      </p>
    );
  }
  if (results.isError && items.length === 0) return null;
  if (items.length === 0) {
    return (
      <div className="search-empty" role="status" data-testid="search-no-results">
        <p className="search-empty__title">{SEARCH_MESSAGES.noResultsFor(search.q)}</p>
        <p className="muted">{SEARCH_MESSAGES.noResultsHint}</p>
      </div>
    );
  }
  return (
    <section className="search-results" aria-labelledby="search-results-title">
      <h2 id="search-results-title" className="search-results__title" data-testid="search-status">
        {SEARCH_MESSAGES.resultsFor(search.q, items.length)}
      </h2>
      <ul className="search-list" data-testid="search-results">
        {items.map((result) => (
          <li key={`${result.type}:${result.id}`}>
            <SearchResultItem result={result} />
          </li>
        ))}
      </ul>
      <LoadMore
        hasMore={results.hasNextPage}
        loading={results.isFetchingNextPage}
        onLoadMore={() => void results.fetchNextPage()}
        testId="search-load-more"
        className="search-results__more"
      />
    </section>
  );
}

import { Link } from 'wouter';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { useSearchState } from '../hooks/use-search-state.ts';
import { PageBar } from './page-bar.tsx';
import { SearchBox } from './search-box.tsx';
import { SearchFilters } from './search-filters.tsx';
import { SearchResults } from './search-results.tsx';
import { TrendingTabs } from './trending-tabs.tsx';
import './search.css';

/**
 * /search (visitors too): the box and filter chips; results 300 ms after the typing stops, or,
 * with nothing typed, the trending tabs. The query stays in the address so results can be linked.
 */
export function SearchPage() {
  const search = useSearchState();
  return (
    <main className="search-page" data-testid="search-page">
      <PageBar title="Search">
        <Link href="/discover" className="icon-button" aria-label="Discover" data-testid="discover-link">
          <CompassIcon />
        </Link>
      </PageBar>
      <SearchBox value={search.text} onChange={search.setText} autoFocus={search.text === ''} />
      <SearchFilters value={search.filter} onChange={search.setFilter} />
      {search.text.trim() === '' ? (
        <TrendingTabs />
      ) : (
        <SearchResults search={search.settled} pending={search.pending} />
      )}
    </main>
  );
}

import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SearchIcon } from '../../../components/ui/icons.tsx';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSlots, type PostSource } from '../../../lib/slots.tsx';
import { DISCOVER_CATEGORIES, type DiscoverCategory } from '../lib/discover-categories.ts';
import { searchHref } from '../lib/search-params.ts';
import { DiscoverBanner } from './discover-banner.tsx';
import { PageBar } from './page-bar.tsx';
import { SearchBox } from './search-box.tsx';
import './search.css';

/** "All" is the For You feed; a category is its videos, ranked. */
function sourceOf(category: DiscoverCategory): PostSource {
  return category === 'all'
    ? { kind: 'feed', tab: 'for-you' }
    : { kind: 'list', queryKey: queryKeys.categoryVideos(category) };
}

/**
 * /discover (visitors too): a search box that opens the search page, the banner's real counts,
 * the streams live now (their cards with the newest frame), the category chips, and the chosen category's posts as the feed shows them.
 */
export function DiscoverPage() {
  const { PostFeed, LiveNow } = useSlots();
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<DiscoverCategory>('all');
  const label = DISCOVER_CATEGORIES.find((c) => c.id === category)!.label;
  return (
    <main className="feed-page discover-page" data-testid="discover-page">
      <div className="discover-page__top">
        <PageBar title="Discover">
          <Link href="/search" className="icon-button" aria-label="Search" data-testid="search-link">
            <SearchIcon />
          </Link>
        </PageBar>
        <SearchBox value={text} onChange={setText} onSubmit={() => navigate(searchHref(text))} />
        <DiscoverBanner />
        <LiveNow />
        <TabList
          label="Categories"
          tabs={DISCOVER_CATEGORIES}
          value={category}
          onChange={setCategory}
          className="chips"
          tabClassName="chip"
          testId={(id) => `discover-category-${id}`}
        />
      </div>
      {/* Keyed by category: each starts at its top with its own list. */}
      <PostFeed
        key={category}
        source={sourceOf(category)}
        label={category === 'all' ? 'For You' : `${label} videos`}
        empty={
          <p className="feed-page__empty muted">{category === 'all' ? 'No posts yet' : `No ${label} videos yet`}</p>
        }
      />
    </main>
  );
}

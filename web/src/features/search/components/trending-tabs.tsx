import { useState } from 'react';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { useTrending } from '../api/get-trending.ts';
import { TrendingContent, TrendingCreators, TrendingHashtags } from './trending-lists.tsx';

type TrendingTab = 'hashtags' | 'creators' | 'content';
const TRENDING_TABS: { id: TrendingTab; label: string }[] = [
  { id: 'hashtags', label: 'Trending Hashtags' },
  { id: 'creators', label: 'Popular Creators' },
  { id: 'content', label: 'Trending Content' },
];

/** What the search page shows before anything is typed: the three trending tabs (GET /api/trending). */
export function TrendingTabs() {
  const [tab, setTab] = useState<TrendingTab>('hashtags');
  const trending = useTrending();
  return (
    <section className="trending" aria-label="Trending">
      <TabList
        label="Trending"
        tabs={TRENDING_TABS}
        value={tab}
        onChange={setTab}
        className="segmented trending__tabs"
        tabClassName="segmented__item"
        testId={(id) => `trending-tab-${id}`}
      />
      <div role="tabpanel" className="trending__panel" data-testid={`trending-panel-${tab}`}>
        {trending.isPending ? (
          <span className="spinner trending__spinner" role="progressbar" aria-label="Loading what's trending" />
        ) : trending.isError ? (
          <div className="trending__empty" role="alert">
            <p>Couldn't load what's trending.</p>
            <button type="button" className="btn btn--secondary btn--small" onClick={() => void trending.refetch()}>
              Try again
            </button>
          </div>
        ) : tab === 'hashtags' ? (
          <TrendingHashtags hashtags={trending.data.hashtags} />
        ) : tab === 'creators' ? (
          <TrendingCreators creators={trending.data.users} />
        ) : (
          <TrendingContent content={trending.data.content} />
        )}
      </div>
    </section>
  );
}

import { useState } from 'react';
import { RECOMMENDATIONS_PAGE_LIMIT, type RecommendationCategory } from '@myworld/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshIcon } from '../../../components/ui/icons.tsx';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useRecommendations } from '../api/get-recommendations.ts';
import { CATEGORY_TABS } from '../lib/labels.ts';
import { FavoriteCategories } from './favorite-categories.tsx';
import { RecommendationList } from './recommendation-list.tsx';
import './recommendations.css';

/** /recommendations (signed in): the category chips, a refresh button, the favorite categories and up to 20 items. */
export function RecommendationsPage() {
  const [category, setCategory] = useState<RecommendationCategory>('for-you');
  const list = useRecommendations(category, RECOMMENDATIONS_PAGE_LIMIT);
  const queryClient = useQueryClient();
  const refresh = () => {
    void list.refetch();
    void queryClient.invalidateQueries({ queryKey: queryKeys.recommendations.preferences });
  };
  return (
    <main className="recommendations-page" data-testid="recommendations-page">
      <header className="recommendations-page__bar">
        <h1 className="recommendations-page__title">Recommendations</h1>
        <button
          type="button"
          className="icon-button"
          aria-label="Refresh recommendations"
          onClick={refresh}
          disabled={list.isFetching}
          data-testid="recommendations-refresh"
        >
          <span className={list.isFetching ? 'is-spinning' : undefined}>
            <RefreshIcon />
          </span>
        </button>
      </header>
      <TabList
        label="Recommendation categories"
        tabs={CATEGORY_TABS}
        value={category}
        onChange={setCategory}
        className="chips"
        tabClassName="chip"
        testId={(id) => `recommendations-chip-${id}`}
      />
      <FavoriteCategories />
      <RecommendationList query={list} />
    </main>
  );
}

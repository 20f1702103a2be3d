import { Link } from 'wouter';
import { RECOMMENDATIONS_SIDEBAR_LIMIT } from '@myworld/schemas';
import { useRecommendations } from '../api/get-recommendations.ts';
import { RecommendationList } from './recommendation-list.tsx';
import './recommendations.css';

/** The `HomeSidebar` slot: up to 5 For You recommendations beside Home on wide screens (hidden on narrow ones). */
export function RecommendationsSidebar() {
  const list = useRecommendations('for-you', RECOMMENDATIONS_SIDEBAR_LIMIT);
  return (
    <aside
      className="recommendations-sidebar"
      aria-labelledby="recommendations-sidebar-title"
      data-testid="recommendations-sidebar"
    >
      <div className="recommendations-sidebar__head">
        <h2 id="recommendations-sidebar-title" className="recommendations-sidebar__title">
          Recommended for you
        </h2>
        <Link href="/recommendations" data-testid="recommendations-see-all">
          See all
        </Link>
      </div>
      <RecommendationList query={list} />
    </aside>
  );
}

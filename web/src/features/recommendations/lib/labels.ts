import { MAX_REASONS_PER_ITEM, type RecommendationCategory, type RecommendationReason } from '@myworld/schemas';

/** The chips For You, Trending, Following, Discover. */
export const CATEGORY_TABS: { id: RecommendationCategory; label: string }[] = [
  { id: 'for-you', label: 'For You' },
  { id: 'trending', label: 'Trending' },
  { id: 'following', label: 'Following' },
  { id: 'discover', label: 'Discover' },
];

/** Why an item is recommended, as its badge reads. */
export const REASON_LABELS: Record<RecommendationReason, string> = {
  trending: 'Trending',
  similar_interests: 'Similar interests',
  following_activity: 'From people you follow',
  high_engagement: 'Popular',
  personalized: 'Picked for you',
};

/** The badges an item shows: at most 3, each once. */
export function reasonBadges(reasons: readonly RecommendationReason[]): string[] {
  return [...new Set(reasons)].slice(0, MAX_REASONS_PER_ITEM).map((r) => REASON_LABELS[r]);
}

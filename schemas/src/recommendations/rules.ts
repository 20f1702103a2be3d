import { z } from 'zod';

/** The recommendation categories (chips For You, Trending, Following, Discover). */
export const RECOMMENDATION_CATEGORIES = ['for-you', 'trending', 'following', 'discover'] as const;
export const recommendationCategory = z.enum(RECOMMENDATION_CATEGORIES, {
  error: `category must be one of ${RECOMMENDATION_CATEGORIES.join(', ')}`,
});
export type RecommendationCategory = z.infer<typeof recommendationCategory>;

/**
 * Why an item is recommended; each one is checked, never decorative:
 * trending (in GET /api/trending's content), similar_interests (in one of the viewer's favorite
 * categories), following_activity (by someone the viewer follows, or liked by one), high_engagement
 * (likes, comments and shares per view well above the rest, the feed's own test), personalized
 * (by an author whose posts the viewer has liked).
 */
export const RECOMMENDATION_REASONS = [
  'trending',
  'similar_interests',
  'following_activity',
  'high_engagement',
  'personalized',
] as const;
export const recommendationReason = z.enum(RECOMMENDATION_REASONS);
export type RecommendationReason = z.infer<typeof recommendationReason>;
export const MAX_REASONS_PER_ITEM = 3;

export const RECOMMENDATIONS_DEFAULT_LIMIT = 10;
export const RECOMMENDATIONS_MAX_LIMIT = 50;
/** The full page asks for this many; the sidebar for SIDEBAR. */
export const RECOMMENDATIONS_PAGE_LIMIT = 20;
export const RECOMMENDATIONS_SIDEBAR_LIMIT = 5;
export const MAX_FAVORITE_CATEGORIES = 3;

/** How a user mostly takes part, by the mix of their interactions (newcomer: none yet). */
export const INTERACTION_STYLES = ['newcomer', 'viewer', 'liker', 'commenter', 'sharer', 'creator'] as const;
export const interactionStyle = z.enum(INTERACTION_STYLES);
export type InteractionStyle = z.infer<typeof interactionStyle>;
/** mostActiveHours lists at most this many hours (UTC, 0-23), busiest first. */
export const MOST_ACTIVE_HOURS = 3;

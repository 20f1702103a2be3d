import { MAX_REASONS_PER_ITEM, type RecommendationReason } from '@myworld/schemas';

/** The facts a recommendation's reasons are read from; each reason is given only when its fact holds. */
export interface ReasonFacts {
  /** The viewer follows the author. */
  readonly followsAuthor: boolean;
  /** Someone the viewer follows liked the post. */
  readonly likedByFollowee: boolean;
  /** The viewer has liked this author's posts before. */
  readonly likedAuthor: boolean;
  /** The post's category is one of the viewer's favorite categories. */
  readonly favoriteCategory: boolean;
  /** The post is in the trending set. */
  readonly trending: boolean;
  /** The feed's high_engagement test (the shared scorer's). */
  readonly highEngagement: boolean;
}

/** The true reasons, most telling first, at most MAX_REASONS_PER_ITEM. */
export function reasonsFor(facts: ReasonFacts): RecommendationReason[] {
  const reasons: RecommendationReason[] = [];
  if (facts.followsAuthor || facts.likedByFollowee) reasons.push('following_activity');
  if (facts.likedAuthor) reasons.push('personalized');
  if (facts.favoriteCategory) reasons.push('similar_interests');
  if (facts.trending) reasons.push('trending');
  if (facts.highEngagement) reasons.push('high_engagement');
  return reasons.slice(0, MAX_REASONS_PER_ITEM);
}

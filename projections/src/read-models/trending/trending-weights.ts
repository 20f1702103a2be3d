import { TRENDING_HALF_LIFE_HOURS } from '@myworld/schemas';
import { ENGAGEMENT_WEIGHTS } from '../posts/post-scores.ts';

/** Everything trending decays with the product's half-life (schemas/src/trending/rules.ts). */
export const TRENDING_HALF_LIFE_SECONDS = TRENDING_HALF_LIFE_HOURS * 3600;

/**
 * What each fact adds to a key: engagement weighs as in the feed's velocity (a like 1, a comment
 * 2, a share 3); a view a little; being published as much as a like, so that on a quiet day the
 * newest posts trend rather than nothing; a new follower counts for a creator like a share.
 */
export const TRENDING_WEIGHTS = { ...ENGAGEMENT_WEIGHTS, view: 0.2, published: 1, follow: 3 } as const;

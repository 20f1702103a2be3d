import { defineProjection } from '../../projection.ts';
import { recommendationsHandlers } from './recommendations.handlers.ts';
import { createRecommendationsTables, type RecommendationsDb } from './recommendations.tables.ts';

export type { RecommendationsDb } from './recommendations.tables.ts';

/** The recommendations read model: interest profiles (categories, active hours, interaction mix). */
export const recommendationsProjection = defineProjection<RecommendationsDb>({
  name: 'recommendations',
  version: 1,
  migrate: createRecommendationsTables,
  handlers: recommendationsHandlers,
});

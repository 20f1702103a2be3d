import { defineProjection } from '../../projection.ts';
import { interestRuns } from './interest.runs.ts';
import { recommendationsHandlers } from './recommendations.handlers.ts';
import { createRecommendationsTables, type RecommendationsDb } from './recommendations.tables.ts';

export type { RecommendationsDb } from './recommendations.tables.ts';

/** The recommendations read model: interest profiles (categories, active hours, interaction mix). */
export const recommendationsProjection = defineProjection<RecommendationsDb>({
  name: 'recommendations',
  // 2: posts removed by moderators leave post_categories.
  // 3: deleted accounts leave with their videos and interest profile.
  // 4: engagement and new posts applied in runs (same rows as version 3).
  // 5: a suspended user's videos stay flagged (not deleted), and count again once AccountReinstated.
  // 6: new posts and engagement applied by the run handler only, a single event as a run of one (same rows as version 5).
  version: 6,
  migrate: createRecommendationsTables,
  handlers: recommendationsHandlers,
  runHandlers: [interestRuns],
});

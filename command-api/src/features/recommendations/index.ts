import { defineFeature } from '../../platform/feature.ts';
import { getRecommendations } from './routes/get-recommendations.ts';
import { getUserPreferences } from './routes/get-user-preferences.ts';

/** Recommendations and the preferences they are built from (interactions are recorded by engagement). */
export const recommendations = defineFeature({
  name: 'recommendations',
  routes: [getRecommendations, getUserPreferences],
});

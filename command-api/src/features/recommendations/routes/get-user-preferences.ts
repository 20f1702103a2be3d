import type { RecommendationsDb } from '@myworld/projections';
import { userPreferences } from '@myworld/schemas';
import { recommendationsRoute } from '../context.ts';
import { interestProfile } from '../preferences.ts';

/** The signed-in user's preferences, from their interactions at the events' own times. */
export const getUserPreferences = recommendationsRoute({
  method: 'GET',
  url: '/api/user-preferences',
  summary: 'Read your preferences',
  description:
    'favoriteCategories (at most 3, strongest first, from your views, likes, comments and shares of videos), mostActiveHours (UTC, busiest first) and interactionStyle (by the mix of your interactions).',
  config: { auth: 'user', readModel: 'recommendations' },
  schema: { response: { 200: userPreferences } },
  handler: async ({ ctx, userId }) =>
    (await interestProfile(await ctx.readModels.query<RecommendationsDb>('recommendations'), userId)).preferences,
});

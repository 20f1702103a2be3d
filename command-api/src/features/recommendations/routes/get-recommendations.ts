import { trendingContent, type PostsDb, type RecommendationsDb, type TrendingDb } from '@myworld/projections';
import { recommendationsQuery, recommendationsResponse } from '@myworld/schemas';
import { recommendationsRoute } from '../context.ts';
import { interestProfile } from '../preferences.ts';
import { recommend } from '../recommend.ts';

/**
 * Recommendations for the signed-in user. Reads three read models: posts (candidates and
 * the viewer's follows, likes and views: X-Min-Position waits for it), recommendations (interest
 * profile) and trending (the trending set).
 */
export const getRecommendations = recommendationsRoute({
  method: 'GET',
  url: '/api/recommendations',
  summary: 'Read your recommendations',
  description:
    'category: for-you (default), trending, following or discover; categories: a comma list of video categories to keep; limit 1 to 50 (10). Items carry recommendationScore and at most 3 recommendationReason, each true of the item.',
  config: { auth: 'user', readModel: ['posts', 'recommendations', 'trending'] },
  schema: { querystring: recommendationsQuery, response: { 200: recommendationsResponse } },
  handler: async ({ request, ctx, userId }) => {
    const { category, categories, limit } = request.query;
    const [posts, profile, trending] = await Promise.all([
      ctx.readModels.query<PostsDb>('posts'),
      ctx.readModels.query<RecommendationsDb>('recommendations').then((db) => interestProfile(db, userId)),
      ctx.readModels.query<TrendingDb>('trending').then((db) => trendingContent(db)),
    ]);
    const signals = {
      profile,
      trending: trending.map((t) => t.id),
      trendingNow: new Set(trending.filter((t) => t.trending).map((t) => t.id)),
    };
    return recommend(posts, { viewerId: userId, category, categories, limit, now: new Date() }, signals);
  },
});

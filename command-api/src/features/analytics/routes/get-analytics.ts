import {
  ANALYTICS_MESSAGES,
  TOP_CONTENT_MAX,
  analyticsParams,
  analyticsQuery,
  analyticsResponse,
} from '@myworld/schemas';
import {
  analyticsUserExists,
  audienceBreakdown,
  categoryActivity,
  creatorHours,
  followersAt,
  topPosts,
  type AnalyticsDb,
} from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { eventMetadata } from '../../../platform/http/command-context.ts';
import { recordAnalyticsViewed } from '../access-audit.ts';
import { demographicsOf, overviewOf, seriesOf, topContentOf, totalsOf } from '../analytics-report.ts';
import { analyticsWindow } from '../analytics-window.ts';
import { analyticsRoute } from '../context.ts';
import { recommendationsFor } from '../recommendations.ts';

/** A creator's analytics for a timeframe, now or as of an earlier time; an analyst's read of someone else's is recorded. */
export const getAnalytics = analyticsRoute({
  method: 'GET',
  url: '/api/analytics/:userId',
  summary: "A creator's analytics",
  description:
    'The creator themselves, or an analyst (403 otherwise; 404 for an unknown user). Views, likes and comments are counted from events in the window of whole hours; ' +
    'changes are percents against the previous window of the same length (0 to n is null, new; 0 to 0 is 0). With `asOf` the window ends at the start of that hour: only events before it count. ' +
    'Beyond 24h the window and its chart points are calendar days in `timeZone` (default UTC), today so far included. ' +
    "An analyst's read of another creator's analytics is recorded (AnalyticsViewed).",
  config: { auth: 'owner-or-analyst', readModel: 'analytics' },
  schema: { params: analyticsParams, querystring: analyticsQuery, response: { 200: analyticsResponse } },
  handler: async ({ request, ctx, userId }) => {
    const creatorId = request.params.userId;
    const { timeframe, asOf, timeZone } = request.query;
    const db = await ctx.readModels.query<AnalyticsDb>('analytics');
    if (!(await analyticsUserExists(db, creatorId)))
      throw new DomainError('not_found', ANALYTICS_MESSAGES.userNotFound, 404, 'userId');

    const now = new Date();
    const window = analyticsWindow(timeframe, asOf ? new Date(asOf) : null, now, timeZone);
    const { current, previous } = window;
    const [hours, followersAtStart, posts, audience, categories] = await Promise.all([
      creatorHours(db, creatorId, { from: previous.from, to: current.to }),
      followersAt(db, creatorId, current.from),
      topPosts(db, creatorId, current, TOP_CONTENT_MAX),
      audienceBreakdown(db, creatorId, current),
      categoryActivity(db, creatorId, current),
    ]);
    const currentHours = hours.filter((h) => h.hour >= current.from);
    // The end count from the window's own hours (no second sum over the whole history).
    const followersAtEnd = currentHours.reduce((count, h) => count + h.newFollowers - h.unfollows, followersAtStart);
    const totals = totalsOf(hours, current);
    const overview = overviewOf(totals, totalsOf(hours, previous), {
      atStart: followersAtStart,
      atEnd: followersAtEnd,
    });

    if (creatorId !== userId) {
      await recordAnalyticsViewed(
        ctx.store,
        { viewerId: userId, creatorId, timeframe, asOf: asOf ?? null, viewedAt: now.toISOString() },
        eventMetadata(request, userId),
      );
    }
    return {
      timeframe,
      asOf: asOf ?? null,
      windowStart: current.from.toISOString(),
      windowEnd: current.to.toISOString(),
      generatedAt: now.toISOString(),
      overview,
      topContent: topContentOf(posts),
      demographics: demographicsOf(audience),
      recommendations: recommendationsFor({
        totals,
        engagementRate: overview.engagementRate,
        hours: currentHours,
        categories,
      }),
      viewsOverTime: seriesOf(hours, window.points),
    };
  },
});

import {
  REPORT_STATS_DEFAULT_DAYS,
  REPORT_STATS_MAX_DAYS,
  reportStatsQuery,
  reportStatsResponse,
} from '@myworld/schemas';
import { reportStats, type ReportsDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { moderationRoute } from '../context.ts';

const DAY_MS = 86_400_000;

/** The moderation queue over time: reports by reason and status, and the median time to resolution. */
export const reportStatsRoute = moderationRoute({
  method: 'GET',
  url: '/api/reports/stats',
  summary: 'Moderation figures over time (moderators)',
  description: `from and to (ISO times; default the last ${REPORT_STATS_DEFAULT_DAYS} days up to now, at most ${REPORT_STATS_MAX_DAYS} days apart), bucket day or week (UTC; weeks start on Monday). Per bucket: reports filed, by reason and by their current status; reports closed (resolved or dismissed) in it and their median time from filing to closing in seconds (null when none). overall: the same for the whole window.`,
  config: { auth: 'moderator', readModel: 'reports' },
  schema: { querystring: reportStatsQuery, response: { 200: reportStatsResponse } },
  handler: async ({ request, ctx }) => {
    const { bucket } = request.query;
    const to = request.query.to ? new Date(request.query.to) : new Date();
    const from = request.query.from
      ? new Date(request.query.from)
      : new Date(to.getTime() - REPORT_STATS_DEFAULT_DAYS * DAY_MS);
    if (from >= to) throw new DomainError('validation_failed', 'from must be before to', 400, 'from');
    if (to.getTime() - from.getTime() > REPORT_STATS_MAX_DAYS * DAY_MS)
      throw new DomainError(
        'validation_failed',
        `from and to are at most ${REPORT_STATS_MAX_DAYS} days apart`,
        400,
        'from',
      );
    const figures = await reportStats(await ctx.readModels.query<ReportsDb>('reports'), { from, to, bucket });
    return { from: from.toISOString(), to: to.toISOString(), bucket, ...figures };
  },
});

import {
  ANALYTICS_ACCESS_PAGE_MAX,
  NEXT_CURSOR_HEADER,
  analyticsAccessQuery,
  analyticsAccessResponse,
  analyticsTimeframe,
} from '@myworld/schemas';
import { analyticsAccessPage, usernamesById, type AnalyticsDb, type UsersDb } from '@myworld/projections';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { analyticsRoute } from '../context.ts';

/** Analysts' reads of other creators' analytics, newest first (admins only). */
export const listAnalyticsAccess = analyticsRoute({
  method: 'GET',
  url: '/api/analytics/access',
  summary: "Analysts' reads of creators' analytics (admins)",
  description: `Newest first, ${ANALYTICS_ACCESS_PAGE_MAX} a page; the next page's cursor comes in ${NEXT_CURSOR_HEADER} (absent on the last page) and goes back as ?cursor=.`,
  config: { auth: 'admin', readModel: ['analytics', 'users'] },
  schema: { querystring: analyticsAccessQuery, response: { 200: analyticsAccessResponse } },
  handler: async ({ request, reply, ctx }) => {
    const before = decodePageCursor(request.query.cursor);
    const rows = await analyticsAccessPage(await ctx.readModels.query<AnalyticsDb>('analytics'), {
      limit: ANALYTICS_ACCESS_PAGE_MAX + 1,
      ...(before ? { before } : {}),
    });
    const { page, next } = splitPage(rows, ANALYTICS_ACCESS_PAGE_MAX, (row) => row.pageKey);
    setNextCursor(reply, next);
    const usernames = await usernamesById(await ctx.readModels.query<UsersDb>('users'), [
      ...new Set(page.flatMap((a) => [a.viewerId, a.creatorId])),
    ]);
    return page.map((a) => ({
      viewerId: a.viewerId,
      viewerUsername: usernames.get(a.viewerId) ?? null,
      creatorId: a.creatorId,
      creatorUsername: usernames.get(a.creatorId) ?? null,
      timeframe: analyticsTimeframe.parse(a.timeframe),
      asOf: a.asOf,
      viewedAt: a.viewedAt.toISOString(),
    }));
  },
});

import { NEXT_CURSOR_HEADER, REPORTS_PAGE_SIZE, reportsQuery, reportsResponse } from '@myworld/schemas';
import { reportsPage, type ReportsDb } from '@myworld/projections';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { moderationRoute } from '../context.ts';

/** The moderation queue: every report, newest first, filtered by status and a search text. */
export const listReports = moderationRoute({
  method: 'GET',
  url: '/api/reports',
  summary: 'The moderation queue (moderators)',
  description: `Newest first, ${REPORTS_PAGE_SIZE} a page; the next page's cursor comes in ${NEXT_CURSOR_HEADER} (absent on the last page) and goes back as ?cursor=. status filters by status; search matches the description, the reporter's username, the reason, the content id or the content's text (case-insensitive). The content's title, description and author are null where the reports read model does not know them (streams, messages, unknown ids).`,
  config: { auth: 'moderator', readModel: 'reports' },
  schema: { querystring: reportsQuery, response: { 200: reportsResponse } },
  handler: async ({ request, reply, ctx }) => {
    const { status, search, cursor } = request.query;
    const before = decodePageCursor(cursor);
    const db = await ctx.readModels.query<ReportsDb>('reports');
    const rows = await reportsPage(db, {
      limit: REPORTS_PAGE_SIZE + 1,
      ...(status ? { status } : {}),
      ...(search ? { search } : {}),
      ...(before ? { before } : {}),
    });
    const { page, next } = splitPage(rows, REPORTS_PAGE_SIZE, (row) => row.pageKey);
    setNextCursor(reply, next);
    return page.map(({ pageKey: _pageKey, ...report }) => report);
  },
});

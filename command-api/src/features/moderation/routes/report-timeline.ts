import {
  MODERATION_MESSAGES,
  TIMELINE_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  reportIdParam,
  reportTimelineQuery,
  reportTimelineResponse,
} from '@myworld/schemas';
import { reportTimelinePage, usernamesById, type TimelinesDb, type UsersDb } from '@myworld/projections';
import { DomainError } from '@myworld/write-model';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { moderationRoute } from '../context.ts';

/**
 * A report's full timeline for moderators, from the `timelines` audit read model: the report's
 * own events, the reported item's life with its engagement summarised per hour, every other
 * report on the item, and the author's earlier moderation history. Oldest first, paged.
 */
export const reportTimeline = moderationRoute({
  method: 'GET',
  url: '/api/reports/:id/timeline',
  summary: "A report's full timeline (moderators)",
  description: `Oldest first, ${TIMELINE_PAGE_SIZE} entries a page; the next page's cursor comes in ${NEXT_CURSOR_HEADER} (absent on the last page) and goes back as ?cursor=. Each entry: at, actor ({id, username} or null for the system), action, note (a report's description or a moderator's note only), source (report, content, other_report, author_history), and the ids it is about. Engagement with the reported item (views, likes, comments, shares, chat) comes as one entry per hour. The author's history covers reports filed on their other items before this one (with their outcomes) and the removals, hides and restorations of those items. 404 for an unknown report.`,
  config: { auth: 'moderator', readModel: ['timelines', 'users'] },
  schema: { params: reportIdParam, querystring: reportTimelineQuery, response: { 200: reportTimelineResponse } },
  handler: async ({ request, reply, ctx }) => {
    const after = decodePageCursor(request.query.cursor);
    const db = await ctx.readModels.query<TimelinesDb>('timelines');
    const rows = await reportTimelinePage(db, request.params.id, { limit: TIMELINE_PAGE_SIZE + 1, after });
    if (!rows) throw new DomainError('not_found', MODERATION_MESSAGES.reportNotFound, 404, 'id');
    const { page, next } = splitPage(rows, TIMELINE_PAGE_SIZE, (row) => row.pageKey);
    setNextCursor(reply, next);
    const actorIds = [...new Set(page.flatMap((row) => (row.actorId ? [row.actorId] : [])))];
    const usernames = await usernamesById(await ctx.readModels.query<UsersDb>('users'), actorIds);
    return page.map(({ pageKey: _pageKey, actorId, at, engagement, ...entry }) => ({
      ...entry,
      at: at.toISOString(),
      actor: actorId ? { id: actorId, username: usernames.get(actorId) ?? null } : null,
      engagement: engagement && { counts: engagement.counts, until: engagement.until.toISOString() },
    }));
  },
});

import {
  CONVERSATIONS_PAGE_SIZE,
  NEXT_CURSOR_HEADER,
  conversationsQuery,
  conversationsResponse,
} from '@myworld/schemas';
import { conversationsPage, type ConversationsDb } from '@myworld/projections';
import { decodePageCursor, setNextCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { messagesRoute } from '../context.ts';

/** The caller's conversations, newest last message first, with the other user, the last message and the unread count. */
export const listConversations = messagesRoute({
  method: 'GET',
  url: '/api/conversations',
  summary: 'Your conversations',
  description: `Only the caller's own. Newest last message first, ${CONVERSATIONS_PAGE_SIZE} a page; the next page's cursor comes in ${NEXT_CURSOR_HEADER} (absent on the last page) and goes back as ?cursor=. 400 naming cursor for a cursor this list did not give out.`,
  config: { auth: 'user', readModel: 'conversations' },
  schema: { querystring: conversationsQuery, response: { 200: conversationsResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const before = decodePageCursor(request.query.cursor);
    const db = await ctx.readModels.query<ConversationsDb>('conversations');
    const rows = await conversationsPage(db, userId, {
      limit: CONVERSATIONS_PAGE_SIZE + 1,
      ...(before ? { before } : {}),
    });
    const { page, next } = splitPage(rows, CONVERSATIONS_PAGE_SIZE, (row) => row.pageKey);
    setNextCursor(reply, next);
    return page.map(({ pageKey: _pageKey, ...conversation }) => conversation);
  },
});

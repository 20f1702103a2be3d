import { followingPage, hydratePostItems, type PostsDb } from '@myworld/projections';
import { FEED_PAGE_SIZE, NEXT_CURSOR_HEADER, PLATFORM_MESSAGES, feedQuery, feedResponse } from '@myworld/schemas';
import { DomainError } from '../../../platform/commands/domain-error.ts';
import { decodePageCursor, encodePageCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { feedRoute, type FeedPage } from '../context.ts';
import { decodeForYouCursor, encodeForYouCursor } from '../for-you-cursor.ts';
import { forYouPage } from '../for-you-page.ts';

/**
 * The home feed: the spec's array of mixed items (plus liked, authorId and, in For You, reasons).
 * For You is ranked (visitors get it without personal signals, for discover); Following is newest
 * first from followed authors and one's own posts, for signed-in users. The next page's cursor is
 * in X-Next-Cursor. A page is reused for the same viewer and request while the posts read model
 * has not moved (FEED_CACHE_MS at most).
 */
/** What the response serializer would do (check against the schema, then JSON), done once per page. */
const serialize = (items: unknown) => Buffer.from(JSON.stringify(feedResponse.parse(items)), 'utf8');

export const getFeed = feedRoute({
  method: 'GET',
  url: '/api/feed',
  summary: 'Read the feed',
  description: 'tab=for-you (default; ranked, with reasons) or following (newest first; sign-in required). Pass X-Next-Cursor back as ?cursor= for the next page.',
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { querystring: feedQuery, response: { 200: feedResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { tab, cursor } = request.query;
    if (tab === 'following' && !userId) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
    // Cursors are checked before the cache, so a bad one is always a 400.
    const following = tab === 'following' ? decodePageCursor(cursor) : undefined;
    const forYou = tab === 'for-you' ? decodeForYouCursor(cursor) : undefined;
    const state = ctx.readModels.servingState('posts');
    const page = await ctx.pages.get(state, `${userId ?? ''}|${tab}|${cursor ?? ''}`, async (): Promise<FeedPage> => {
      const db = await ctx.readModels.query<PostsDb>('posts');
      if (tab === 'following') {
        const rows = await followingPage(db, userId!, { ...(following ? { before: following } : {}), limit: FEED_PAGE_SIZE + 1 });
        const { page: rowsOfPage, next } = splitPage(rows, FEED_PAGE_SIZE, (r) => ({ at: r.published_at ?? r.created_at, id: r.id }));
        return { json: serialize(await hydratePostItems(db, rowsOfPage, userId)), next: next && encodePageCursor(next) };
      }
      const now = new Date();
      const { items, next } = await forYouPage(db, userId, forYou ?? { window: undefined, offset: 0, seenAt: now }, now);
      return { json: serialize(items), next: next && encodeForYouCursor(next) };
    });
    if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
    // Already checked and encoded once (serialize above): the bytes are sent as they are.
    return reply.type('application/json; charset=utf-8').send(page.json);
  },
});

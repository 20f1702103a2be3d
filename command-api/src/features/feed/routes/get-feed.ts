import { followingPage, hydratePostItems, type PostsDb } from '@myworld/projections';
import { FEED_PAGE_SIZE, PLATFORM_MESSAGES, feedQuery, feedResponse } from '@myworld/schemas';
import { DomainError } from '@myworld/write-model';
import { decodePageCursor, encodePageCursor, splitPage } from '../../../platform/http/page-cursor.ts';
import { feedRoute, sendPage, serializeItems, type FeedPage } from '../context.ts';
import { decodeRankedCursor, encodeRankedCursor, firstPosition } from '../ranked-cursor.ts';
import { forYouList } from '../ranked-lists.ts';
import { rankedPage } from '../ranked-page.ts';

/**
 * The home feed: an array of mixed items (text posts and videos) (plus liked, authorId and, in For You, reasons).
 * For You is ranked (visitors get it without personal signals, for discover); Following is newest
 * first from followed authors and one's own posts, for signed-in users. The next page's cursor is
 * in X-Next-Cursor. A page is reused for the same viewer and request while the posts read model
 * has not moved (FEED_CACHE_MS at most).
 */
export const getFeed = feedRoute({
  method: 'GET',
  url: '/api/feed',
  summary: 'Read the feed',
  description:
    'tab=for-you (default; ranked, with reasons) or following (newest first; sign-in required). Pass X-Next-Cursor back as ?cursor= for the next page.',
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { querystring: feedQuery, response: { 200: feedResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { tab, cursor } = request.query;
    if (tab === 'following' && !userId) throw new DomainError('unauthorized', PLATFORM_MESSAGES.signInRequired, 401);
    // Cursors are checked before the cache, so a bad one is always a 400.
    const following = tab === 'following' ? decodePageCursor(cursor) : undefined;
    const forYou = tab === 'for-you' ? decodeRankedCursor(tab, cursor) : undefined;
    const state = ctx.readModels.servingState('posts');
    const page = await ctx.pages.get(state, `${userId ?? ''}|${tab}|${cursor ?? ''}`, async (): Promise<FeedPage> => {
      const db = await ctx.readModels.query<PostsDb>('posts');
      if (tab === 'following') {
        const rows = await followingPage(db, userId!, {
          ...(following ? { before: following } : {}),
          limit: FEED_PAGE_SIZE + 1,
        });
        const { page: rowsOfPage, next } = splitPage(rows, FEED_PAGE_SIZE, (r) => ({
          at: r.published_at ?? r.created_at,
          id: r.id,
        }));
        return {
          json: serializeItems(await hydratePostItems(db, rowsOfPage, userId)),
          next: next && encodePageCursor(next),
        };
      }
      const now = new Date();
      const { items, next } = await rankedPage(db, forYouList, userId, forYou ?? firstPosition(now), now);
      return { json: serializeItems(items), next: next && encodeRankedCursor(tab, next) };
    });
    return sendPage(reply, page);
  },
});

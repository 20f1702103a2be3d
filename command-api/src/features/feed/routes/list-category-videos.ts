import type { PostsDb } from '@myworld/projections';
import { categoryVideosParams, categoryVideosQuery, feedResponse } from '@myworld/schemas';
import { feedRoute, sendPage, serializeItems, type FeedPage } from '../context.ts';
import { decodeRankedCursor, encodeRankedCursor, firstPosition } from '../ranked-cursor.ts';
import { categoryList } from '../ranked-lists.ts';
import { rankedPage } from '../ranked-page.ts';

/**
 * Discover's category chips: the processed (published) videos of one category, best first by the
 * shared score (for a signed-in viewer with their affinity, what they have seen last), 10 a page
 * with the next page's cursor in X-Next-Cursor. Pages are reused as the feed's are.
 */
export const listCategoryVideos = feedRoute({
  method: 'GET',
  url: '/api/videos/category/:category',
  summary: 'List the videos of a category',
  description:
    'Processed videos of one discover category, ranked; 10 a page. Pass X-Next-Cursor back as ?cursor= for the next page. 400 naming category for an unknown one.',
  config: { auth: 'visitor', readModel: 'posts' },
  schema: { params: categoryVideosParams, querystring: categoryVideosQuery, response: { 200: feedResponse } },
  handler: async ({ request, reply, ctx, userId }) => {
    const { category } = request.params;
    const scope = `category:${category}`;
    const { cursor } = request.query;
    // Checked before the cache, so a bad cursor is always a 400.
    const position = decodeRankedCursor(scope, cursor);
    const page = await ctx.pages.get(
      ctx.readModels.servingState('posts'),
      `${userId ?? ''}|${scope}|${cursor ?? ''}`,
      async (): Promise<FeedPage> => {
        const now = new Date();
        const { items, next } = await rankedPage(
          await ctx.readModels.query<PostsDb>('posts'),
          categoryList(category),
          userId,
          position ?? firstPosition(now),
          now,
        );
        return { json: serializeItems(items), next: next && encodeRankedCursor(scope, next) };
      },
    );
    return sendPage(reply, page);
  },
});

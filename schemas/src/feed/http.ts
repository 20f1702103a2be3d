import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { postItem } from '../posts/item.ts';
import { DEFAULT_FEED_TAB, discoverCategory, feedTab } from './rules.ts';

/** GET /api/feed?tab=&cursor=: a JSON array of mixed items (text posts and videos); the next page's cursor is in X-Next-Cursor. */
export const feedQuery = z.object({
  tab: feedTab.default(DEFAULT_FEED_TAB),
  cursor: pageCursor.optional(),
});
export type FeedQuery = z.input<typeof feedQuery>;

export const feedResponse = z.array(postItem);

/** GET /api/videos/category/{category}?cursor=: discover's category page, ranked; the next page's cursor in X-Next-Cursor. */
export const categoryVideosParams = z.object({ category: discoverCategory });
export const categoryVideosQuery = z.object({ cursor: pageCursor.optional() });

import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { postItem } from '../posts/item.ts';
import { DEFAULT_FEED_TAB, feedTab } from './rules.ts';

/** GET /api/feed?tab=&cursor=: the spec's JSON array of mixed items; the next page's cursor is in X-Next-Cursor. */
export const feedQuery = z.object({
  tab: feedTab.default(DEFAULT_FEED_TAB),
  cursor: pageCursor.optional(),
});
export type FeedQuery = z.input<typeof feedQuery>;

export const feedResponse = z.array(postItem);

import { feedResponse, type FeedTab, type PostItem } from '@myworld/schemas';
import { apiPage } from '../../../lib/api-client.ts';

/** One page of the feed and the cursor of the next (null on the last). */
export interface FeedPage {
  items: PostItem[];
  nextCursor: string | null;
}

/** GET /api/feed?tab=&cursor=: mixed video and text items; the next page's cursor comes in X-Next-Cursor. */
export async function getFeedPage(tab: FeedTab, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const params = new URLSearchParams({ tab });
  if (cursor) params.set('cursor', cursor);
  const page = await apiPage(`/api/feed?${params.toString()}`, signal);
  return { items: feedResponse.parse(page.body), nextCursor: page.nextCursor };
}

import { z } from 'zod';
import { VIDEO_CATEGORIES } from '../posts/rules.ts';

/** The feed's tabs: For You (ranked, the default) and Following (newest first from followed authors). */
export const FEED_TABS = ['for-you', 'following'] as const;
export const feedTab = z.enum(FEED_TABS, { error: `tab must be one of ${FEED_TABS.join(', ')}` });
export type FeedTab = z.infer<typeof feedTab>;
export const DEFAULT_FEED_TAB: FeedTab = 'for-you';

/** Items per feed page. */
export const FEED_PAGE_SIZE = 10;
/** About this share of For You comes from authors the viewer does not follow (Loops does 30%). */
export const FEED_DISCOVERY_SHARE = 0.3;

/**
 * Why an item is in For You, most telling first (recommendations reuse them):
 * yours (the viewer's own), following (a followed author), liked_author (the viewer liked this
 * author before), discovery (an author the viewer does not follow), high_engagement (likes,
 * comments and shares per view well above the rest), fresh (published in the last 24 hours),
 * seen (already viewed, so it sank).
 */
export const FEED_REASONS = [
  'yours',
  'following',
  'liked_author',
  'discovery',
  'high_engagement',
  'fresh',
  'seen',
] as const;
export const feedReason = z.enum(FEED_REASONS);
export type FeedReason = z.infer<typeof feedReason>;

/** Discover's category chips (without "all", which shows For You): every video category but none. */
export const discoverCategory = z
  .enum(VIDEO_CATEGORIES)
  .exclude(['none'], { error: `category must be one of ${VIDEO_CATEGORIES.filter((c) => c !== 'none').join(', ')}` });
export const DISCOVER_CATEGORIES = discoverCategory.options;
export type DiscoverCategory = z.infer<typeof discoverCategory>;

import type { Platform } from '../../platform/feature.ts';
import { routeFor } from '../../platform/http/route.ts';
import { FeedPageCache } from './feed-page-cache.ts';

/**
 * A feed page, already checked against the response schema and encoded as UTF-8 JSON (a reused
 * page costs no second serialization or encoding), and where the next one starts (the
 * X-Next-Cursor text; null on the last).
 */
export interface FeedPage {
  readonly json: Buffer;
  readonly next: string | null;
}

/** What the feed routes share: this instance's page cache. */
export interface FeedContext extends Platform {
  readonly pages: FeedPageCache<FeedPage>;
}

export function feedContext(platform: Platform): FeedContext {
  return { ...platform, pages: new FeedPageCache<FeedPage>(platform.config.FEED_CACHE_MS) };
}

/** Defines one feed route (see routes/). */
export const feedRoute = routeFor<FeedContext>();

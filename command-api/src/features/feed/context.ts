import type { FastifyReply } from 'fastify';
import { NEXT_CURSOR_HEADER, feedResponse } from '@myworld/schemas';
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

/** What the response serializer would do (check against the schema, then JSON), done once per page. */
export const serializeItems = (items: unknown): Buffer =>
  Buffer.from(JSON.stringify(feedResponse.parse(items)), 'utf8');

/** Sends a page as it is (already checked and encoded once), with the next page's cursor. */
export function sendPage(reply: FastifyReply, page: FeedPage): FastifyReply {
  if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
  return reply.type('application/json; charset=utf-8').send(page.json);
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

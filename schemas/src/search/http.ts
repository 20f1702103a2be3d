import { z } from 'zod';
import { pageCursor } from '../platform/http.ts';
import { textPostStyle } from '../posts/rules.ts';
import { SEARCH_MESSAGES } from './messages.ts';
import { SEARCH_QUERY_MAX, hashtagName, searchFilter } from './rules.ts';

/** GET /api/search?q=&filter=&cursor=: `q` is trimmed; blank answers []; over 100 characters is a 400 naming q. */
export const searchQuery = z.object({
  q: z.string().trim().max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryTooLong).default(''),
  filter: searchFilter.default('all'),
  cursor: pageCursor.optional(),
});
export type SearchQuery = z.input<typeof searchQuery>;
/** GET /api/search/{query}: the same as filter=all. */
export const searchPathParams = z.object({
  query: z.string().trim().max(SEARCH_QUERY_MAX, SEARCH_MESSAGES.queryTooLong),
});
export const searchPathQuery = z.object({ cursor: pageCursor.optional() });

/** A user in the search results; isVerified is false until the product verifies creators. */
export const searchResultUser = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  followerCount: z.number().int().nonnegative(),
});
export type SearchResultUser = z.infer<typeof searchResultUser>;

/** Counts as the read model holds them; likes and views are 0 for an author who hides engagement. */
export const searchResultStats = z.object({
  likes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  shares: z.number().int().nonnegative(),
  views: z.number().int().nonnegative(),
});

/**
 * A search result. `id` is the user's id, the post's id, or the tag (without #) for a
 * hashtag. Links: user → /profile/{username}, video → /video/{id}, text_post → /post/{id},
 * hashtag → /hashtag/{id}. A hashtag has no user, its title is `#tag` and `useCount` is set; a
 * user's title is their name and content their username.
 */
export const searchResult = z.object({
  type: z.enum(['user', 'video', 'text_post', 'hashtag']),
  id: z.string(),
  user: searchResultUser.nullable(),
  title: z.string(),
  content: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** A text post's look, so lists show it as its coloured card; null for everything else. */
  textStyle: textPostStyle.nullable(),
  /** Really trending right now (in the trending set, with engagement: trendingContent). */
  trending: z.boolean(),
  createdAt: z.string(),
  stats: searchResultStats,
  useCount: z.number().int().nonnegative().optional(),
});
export type SearchResult = z.infer<typeof searchResult>;
export const searchResponse = z.array(searchResult);

/** GET /api/hashtags/{tag} and GET /api/hashtags/{tag}/posts (feed items, newest first, paged). */
export const hashtagParams = z.object({ tag: hashtagName });
export const hashtagSummary = z.object({ name: z.string(), useCount: z.number().int().nonnegative() });
export type HashtagSummary = z.infer<typeof hashtagSummary>;
export const hashtagPostsQuery = z.object({ cursor: pageCursor.optional() });

import { z } from 'zod';
import { hashtagSummary, searchResult } from '../search/http.ts';

export const trendingCreator = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
  isVerified: z.boolean(),
  followerCount: z.number().int().nonnegative(),
});
export type TrendingCreator = z.infer<typeof trendingCreator>;

/** The discover banner's figures: real counts of what is published now. */
export const discoverTotals = z.object({
  videos: z.number().int().nonnegative(),
  textPosts: z.number().int().nonnegative(),
  creators: z.number().int().nonnegative(),
  hashtags: z.number().int().nonnegative(),
});
export type DiscoverTotals = z.infer<typeof discoverTotals>;

/**
 * GET /api/trending: the Trending response. Hashtags by recent use, creators by recent
 * follower growth and engagement, content (search-result shape) by engagement velocity, each best
 * first; plus the banner's totals.
 */
export const trendingResponse = z.object({
  hashtags: z.array(hashtagSummary),
  users: z.array(trendingCreator),
  content: z.array(searchResult),
  totals: discoverTotals,
});
export type TrendingResponse = z.infer<typeof trendingResponse>;

import { z } from 'zod';
import { VIDEO_CATEGORIES, textPostStyle, videoCategory, type VideoCategory } from '../posts/rules.ts';
import {
  MAX_FAVORITE_CATEGORIES,
  MAX_REASONS_PER_ITEM,
  RECOMMENDATIONS_DEFAULT_LIMIT,
  RECOMMENDATIONS_MAX_LIMIT,
  interactionStyle,
  recommendationCategory,
  recommendationReason,
} from './rules.ts';

/**
 * GET /api/recommendations?category=&categories=&limit=: category is one of four (For
 * You by default); categories is a comma list of video categories to keep; limit 1 to 50 (10).
 */
export const recommendationsQuery = z.object({
  category: recommendationCategory.default('for-you'),
  categories: z
    .string()
    .max(200, 'categories is at most 200 characters')
    .transform((s) =>
      s
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean),
    )
    // One message naming the field, whichever entry is unknown.
    .refine(
      (list) => list.every((c) => videoCategory.safeParse(c).success),
      `categories must be a comma list of ${VIDEO_CATEGORIES.join(', ')}`,
    )
    .transform((list) => list as VideoCategory[])
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(RECOMMENDATIONS_MAX_LIMIT, `limit must be at most ${RECOMMENDATIONS_MAX_LIMIT}`)
    .default(RECOMMENDATIONS_DEFAULT_LIMIT),
});
export type RecommendationsQuery = z.input<typeof recommendationsQuery>;

/** A recommendation item; type is video or post (a text post). isVerified is false: nothing verifies users yet. */
export const recommendationItem = z.object({
  id: z.string(),
  type: z.enum(['video', 'post']),
  title: z.string(),
  content: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** A text post's look, so the list shows it as its coloured card; null for a video. */
  textStyle: textPostStyle.nullable(),
  trending: z.boolean(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    firstName: z.string(),
    profileImageUrl: z.string().nullable(),
    isVerified: z.boolean(),
  }),
  /** views and likes are left out when the author hides them (hideEngagement), as on feed items. */
  stats: z.object({
    views: z.number().int().nonnegative().optional(),
    likes: z.number().int().nonnegative().optional(),
    comments: z.number().int().nonnegative(),
  }),
  recommendationScore: z.number(),
  recommendationReason: z.array(recommendationReason).max(MAX_REASONS_PER_ITEM),
  createdAt: z.string(),
});
export type RecommendationItem = z.infer<typeof recommendationItem>;
export const recommendationsResponse = z.array(recommendationItem);

/** GET /api/user-preferences: favorite categories from the user's interactions, and when and how they take part. */
export const userPreferences = z.object({
  favoriteCategories: z.array(videoCategory).max(MAX_FAVORITE_CATEGORIES),
  engagementPatterns: z.object({
    mostActiveHours: z.array(z.number().int().min(0).max(23)),
    interactionStyle,
  }),
});
export type UserPreferences = z.infer<typeof userPreferences>;

import { categoryInterests, interactionMix, mostActiveHours, type RecommendationsDb } from '@myworld/projections';
import {
  MAX_FAVORITE_CATEGORIES,
  MOST_ACTIVE_HOURS,
  videoCategory,
  type UserPreferences,
  type VideoCategory,
} from '@myworld/schemas';
import type { QueryCreator } from 'kysely';
import { interactionStyleOf } from './interaction-style.ts';

/** What the user's interactions say: preferences as GET /api/user-preferences shows them, and interest per category (0..1). */
export interface InterestProfile {
  readonly preferences: UserPreferences;
  readonly interest: ReadonlyMap<string, number>;
}

const isFavorite = (category: string): category is Exclude<VideoCategory, 'none'> =>
  category !== 'none' && videoCategory.safeParse(category).success;

export async function interestProfile(db: QueryCreator<RecommendationsDb>, userId: string): Promise<InterestProfile> {
  const [interests, hours, mix] = await Promise.all([
    categoryInterests(db, userId),
    mostActiveHours(db, userId, MOST_ACTIVE_HOURS),
    interactionMix(db, userId),
  ]);
  const categories = interests.filter((i) => isFavorite(i.category));
  return {
    preferences: {
      favoriteCategories: categories.slice(0, MAX_FAVORITE_CATEGORIES).map((i) => i.category as VideoCategory),
      engagementPatterns: { mostActiveHours: hours, interactionStyle: interactionStyleOf(mix) },
    },
    interest: new Map(categories.map((i) => [i.category, i.interest])),
  };
}

import { sql, type QueryCreator } from 'kysely';
import { INTEREST_HALF_LIFE_SECONDS } from './interest-profile.ts';
import type { RecommendationsDb } from './recommendations.tables.ts';

type Db = QueryCreator<RecommendationsDb>;

/** A user's interest in one category, relative to their strongest (1). */
export interface CategoryInterest {
  readonly category: string;
  readonly interest: number;
}

/**
 * A user's categories, strongest first, each relative to the strongest. Scores are decayed to the
 * user's latest interest time, not the clock: the order and the ratios are the same at any time.
 */
export async function categoryInterests(db: Db, userId: string): Promise<CategoryInterest[]> {
  const rows = await db
    .selectFrom('category_interest')
    .select([
      'category',
      sql<number>`score * power(0.5, extract(epoch from (max(scored_at) over () - scored_at)) / ${INTEREST_HALF_LIFE_SECONDS})`.as(
        'now_score',
      ),
    ])
    .where('user_id', '=', userId)
    .where('score', '>', 0)
    .execute();
  const sorted = rows
    .map((r) => ({ category: r.category, score: Number(r.now_score) }))
    .sort((a, b) => b.score - a.score || (a.category < b.category ? -1 : 1));
  const top = sorted[0]?.score ?? 0;
  return top > 0 ? sorted.map((r) => ({ category: r.category, interest: r.score / top })) : [];
}

/** The UTC hours of the day in which the user interacted most, busiest first (earlier hour on a tie). */
export async function mostActiveHours(db: Db, userId: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('active_hours')
    .select('hour')
    .where('user_id', '=', userId)
    .where('interactions', '>', 0)
    .orderBy('interactions', 'desc')
    .orderBy('hour', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => Number(r.hour));
}

/** How many views, likes, comments, shares and posts the user has made (all 0 for someone new). */
export interface InteractionMix {
  readonly views: number;
  readonly likes: number;
  readonly comments: number;
  readonly shares: number;
  readonly posts: number;
}

export async function interactionMix(db: Db, userId: string): Promise<InteractionMix> {
  const row = await db
    .selectFrom('interaction_mix')
    .select(['views', 'likes', 'comments', 'shares', 'posts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { views: 0, likes: 0, comments: 0, shares: 0, posts: 0 };
}

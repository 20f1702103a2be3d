import { sql, type QueryCreator } from 'kysely';
import {
  TRENDING_CONTENT,
  TRENDING_CREATORS,
  TRENDING_HASHTAGS,
  type DiscoverTotals,
  type HashtagSummary,
  type TrendingCreator,
} from '@myworld/schemas';
import { EMPTY_KEY, contributionKey } from '../../read-model-parts/forward-decay.ts';
import { TRENDING_HALF_LIFE_SECONDS, TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

type Db = QueryCreator<TrendingDb>;

/**
 * "The trending set": the published posts with the highest engagement velocity now, best first,
 * leaving suspended authors' out, each with whether it really trends. Being published counts as
 * much as a like (so a quiet day lists its newest posts rather than nothing), but a post trends
 * only once the engagement it received weighs at least that much again: its key is at least one
 * above what publishing alone gave it (keys are log2 of the decayed sum). The "Trending" badge
 * follows `trending`; search results, recommendations and GET /api/trending all mean this set.
 */
export async function trendingContent(
  db: Db,
  limit: number = TRENDING_CONTENT,
): Promise<Array<{ id: string; trending: boolean }>> {
  const publishedAlone = contributionKey(
    TRENDING_WEIGHTS.published,
    sql.ref('published_at'),
    TRENDING_HALF_LIFE_SECONDS,
  );
  const rows = await db
    .selectFrom('trending_posts')
    .select(['id', sql<boolean>`velocity_key >= ${publishedAlone} + 1 - 1e-9`.as('trending')])
    .where('suspended', '=', false)
    .orderBy('velocity_key', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, trending: r.trending }));
}

/** The trending set's ids, best first (what the Trending lists show). */
export async function trendingContentIds(db: Db, limit: number = TRENDING_CONTENT): Promise<string[]> {
  return (await trendingContent(db, limit)).map((r) => r.id);
}

/** The posts of the trending set that really trend (see trendingContent): those get the "Trending" badge. */
export async function trendingPostIds(db: Db, limit: number = TRENDING_CONTENT): Promise<Set<string>> {
  return new Set((await trendingContent(db, limit)).filter((r) => r.trending).map((r) => r.id));
}

/** Hashtags in use, by recent use (decayed), best first. */
export async function trendingHashtags(db: Db, limit: number = TRENDING_HASHTAGS): Promise<HashtagSummary[]> {
  const rows = await db
    .selectFrom('hashtags')
    .select(['tag', 'use_count'])
    .where('use_count', '>', 0)
    .orderBy('recent_key', 'desc')
    .orderBy('tag')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ name: r.tag, useCount: r.use_count }));
}

/** Creators with any recent growth (followers, engagement received), best first; not suspended ones. */
export async function trendingCreators(db: Db, limit: number = TRENDING_CREATORS): Promise<TrendingCreator[]> {
  const rows = await db
    .selectFrom('creators')
    .selectAll()
    .where('growth_key', '>', EMPTY_KEY)
    .where('suspended', '=', false)
    .orderBy('growth_key', 'desc')
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.user_id,
    username: r.username,
    firstName: r.first_name,
    profileImageUrl: r.profile_image_url,
    isVerified: false,
    followerCount: r.follower_count,
  }));
}

/** The discover banner's figures: published videos and text posts, creators (users with a published post), hashtags in use. */
export async function discoverTotals(db: Db): Promise<DiscoverTotals> {
  const row = await db.selectFrom('totals').selectAll().where('id', '=', 1).executeTakeFirst();
  return {
    videos: row?.videos ?? 0,
    textPosts: row?.text_posts ?? 0,
    creators: row?.creators ?? 0,
    hashtags: row?.hashtags ?? 0,
  };
}

import { sql, type RawBuilder } from 'kysely';
import { EMPTY_KEY, addToKey, contributionKey, subtractFromKey } from '../../read-model-parts/forward-decay.ts';
import type { ProjectionContext } from '../../projection.ts';
import { TRENDING_HALF_LIFE_SECONDS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

type Ctx = ProjectionContext<TrendingDb>;

/** A contribution of `weight` at `at` (a time, or a timestamptz expression) to a trending key. */
export const trendingContribution = (weight: number, at: string | RawBuilder<unknown>) =>
  contributionKey(weight, at, TRENDING_HALF_LIFE_SECONDS);

/**
 * Adds (or, with `sign` -1, takes back) engagement on a post: to the post's velocity and to its
 * author's growth, in one statement. A post that is not published (or gone) changes nothing.
 */
export async function creditPost(
  { tx, schema }: Ctx,
  postId: string,
  weight: number,
  at: string,
  sign: 1 | -1 = 1,
): Promise<void> {
  const c = trendingContribution(weight, at);
  const move = (key: string) => (sign === 1 ? addToKey(sql.ref(key), c) : subtractFromKey(sql.ref(key), c));
  await sql`
    with p as (update ${sql.id(schema, 'trending_posts')} set velocity_key = ${move('velocity_key')} where id = ${postId} returning author_id)
    update ${sql.id(schema, 'creators')} set growth_key = ${move('growth_key')} where user_id in (select author_id from p)`.execute(
    tx,
  );
}

/** Adds (or takes back) a new follower's weight on a creator, and moves their follower count. */
export async function creditFollower(
  { tx, schema }: Ctx,
  userId: string,
  weight: number,
  at: string,
  sign: 1 | -1,
): Promise<void> {
  const c = trendingContribution(weight, at);
  const key = sign === 1 ? addToKey(sql.ref('growth_key'), c) : subtractFromKey(sql.ref('growth_key'), c);
  await sql`update ${sql.id(schema, 'creators')} set follower_count = greatest(0, follower_count + ${sign}), growth_key = ${key} where user_id = ${userId}`.execute(
    tx,
  );
}

export { EMPTY_KEY };

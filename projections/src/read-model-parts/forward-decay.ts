import { sql, type RawBuilder } from 'kysely';

/**
 * Forward decay: a time-decayed sum kept incrementally and compared without re-decaying. Each
 * contribution of weight w at time t is stored as w·2^((t − EPOCH) / halfLife), so at any later
 * moment every sum has decayed by the same factor and their order is already the order of their
 * decayed values. The sums outgrow a double after a few years of half-lives, so a row keeps
 * key = log2(sum) and the arithmetic below is done in log space. Event times only, never the
 * clock: a replay computes the same keys.
 */
export const DECAY_EPOCH = '2024-01-01T00:00:00Z';
/** The key of an empty sum (2^-1e9 is zero for every purpose; a real number keeps comparisons total). */
export const EMPTY_KEY = -1e9;

/** log2(w) + (t − epoch) / halfLife: one contribution's key. `at` is a timestamptz expression. */
export function contributionKey(weight: number, at: RawBuilder<unknown> | string, halfLifeSeconds: number): RawBuilder<number> {
  if (!(weight > 0)) throw new Error('a contribution weighs more than 0');
  const time = typeof at === 'string' ? sql`${at}::timestamptz` : at;
  return sql<number>`(${Math.log2(weight)}::float8 + extract(epoch from (${time} - ${DECAY_EPOCH}::timestamptz))::float8 / ${halfLifeSeconds}::float8)`;
}

/** log2(2^key + 2^c): adds a contribution to the sum whose key is the column or expression `key`. */
export function addToKey(key: RawBuilder<unknown>, contribution: RawBuilder<number>): RawBuilder<number> {
  // The larger term first; the smaller one's share is 2^-(difference), clamped so power() never underflows.
  return sql<number>`(greatest(${key}, ${contribution}) + ln(1 + power(2::float8, -least(1000::float8, abs(${key} - ${contribution})))) / ln(2::float8))`;
}

/**
 * log2(2^key − 2^c): takes back a contribution added earlier (an unlike, an unfollow, a deleted
 * post's use). What would go to zero or below (rounding) is the empty sum.
 */
export function subtractFromKey(key: RawBuilder<unknown>, contribution: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(case when ${contribution} >= ${key} - 1e-9 then ${EMPTY_KEY}::float8
    else ${key} + ln(1 - power(2::float8, greatest(-1000::float8, ${contribution} - ${key}))) / ln(2::float8) end)`;
}

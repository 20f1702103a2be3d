import { sql, type Kysely, type RawBuilder } from 'kysely';

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
export function contributionKey(
  weight: number,
  at: RawBuilder<unknown> | string,
  halfLifeSeconds: number,
): RawBuilder<number> {
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
 * What adding many contributions to keys in one statement needs in the database:
 * `public.myworld_add_key(state, c)`, whose body is addToKey's own expression (so it gives the
 * same key to the bit), and the aggregate `public.myworld_add_keys` over it (see foldedKey).
 * Safe to run from several migrations at once (one at a time under an advisory lock).
 */
export async function ensureForwardDecay(db: Kysely<any>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('myworld:forward-decay'))`.execute(db);
  await sql`
    create or replace function public.myworld_add_key(state float8, c float8) returns float8
    language sql immutable strict parallel safe
    as $$ select ${addToKey(sql.raw('state'), sql.raw('c'))} $$`.execute(db);
  // No initial state and a strict function: the first value aggregated is the starting key.
  await sql`create or replace aggregate public.myworld_add_keys(float8) (sfunc = public.myworld_add_key, stype = float8, parallel = safe)`.execute(
    db,
  );
}

/**
 * The key after adding contributions one at a time in `order`, as addToKey does: `values` holds
 * the starting key first (it must sort before the contributions), then the contributions.
 * An aggregate: it folds over the rows of a group (see ensureForwardDecay).
 */
export const foldedKey = (values: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
  sql<number>`public.myworld_add_keys(${values} order by ${order})`;

/**
 * log2(2^key − 2^c): takes back a contribution added earlier (an unlike, an unfollow, a deleted
 * post's use). What would go to zero or below (rounding) is the empty sum.
 */
export function subtractFromKey(key: RawBuilder<unknown>, contribution: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(case when ${contribution} >= ${key} - 1e-9 then ${EMPTY_KEY}::float8
    else ${key} + ln(1 - power(2::float8, greatest(-1000::float8, ${contribution} - ${key}))) / ln(2::float8) end)`;
}

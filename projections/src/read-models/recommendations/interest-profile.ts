import { sql, type RawBuilder } from 'kysely';

/** Interest forgets with this half-life: last month's views count half as much as today's. */
export const INTEREST_HALF_LIFE_SECONDS = 30 * 24 * 3600;
/** How much each interaction with a video says about interest in its category, per the effort it takes. */
export const INTEREST_WEIGHTS = { view: 1, like: 2, comment: 3, share: 4 } as const;

/** The kinds of interaction the mix counts (interaction_mix's columns). */
export type InteractionKind = 'views' | 'likes' | 'comments' | 'shares' | 'posts';

/**
 * A (user, category) interest after a step of `weight` at `at`, as SQL expressions: from the
 * stored row `row` (an alias of a category_interest row), both sides decayed to the later of its
 * scored_at and `at`; with no row (null), a new one. Never below 0. The interest runs fold a run's
 * steps with it, one at a time in the run's order.
 */
export function interestAfter(
  row: string | null,
  at: RawBuilder<unknown>,
  weight: RawBuilder<unknown>,
): { score: RawBuilder<unknown>; scored_at: RawBuilder<unknown> } {
  if (row === null) return { score: sql`greatest(0, ${weight})`, scored_at: at };
  const score = sql.ref(`${row}.score`);
  const scoredAt = sql.ref(`${row}.scored_at`);
  const halfLife = INTEREST_HALF_LIFE_SECONDS;
  return {
    score: sql`greatest(0,
        ${score} * power(0.5, greatest(0, extract(epoch from (${at} - ${scoredAt}))) / ${halfLife})
        + ${weight} * power(0.5, greatest(0, extract(epoch from (${scoredAt} - ${at}))) / ${halfLife}))`,
    scored_at: sql`greatest(${scoredAt}, ${at})`,
  };
}

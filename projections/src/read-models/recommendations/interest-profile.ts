import { sql, type RawBuilder } from 'kysely';
import type { ProjectionContext } from '../../projection.ts';
import type { RecommendationsDb } from './recommendations.tables.ts';

type Ctx = ProjectionContext<RecommendationsDb>;

/** Interest forgets with this half-life: last month's views count half as much as today's. */
export const INTEREST_HALF_LIFE_SECONDS = 30 * 24 * 3600;
/** How much each interaction with a video says about interest in its category, per the effort it takes. */
export const INTEREST_WEIGHTS = { view: 1, like: 2, comment: 3, share: 4 } as const;

/** The kinds of interaction the mix counts (interaction_mix's columns). */
export type InteractionKind = 'views' | 'likes' | 'comments' | 'shares' | 'posts';

/**
 * A (user, category) interest after a step of `weight` at `at`, as SQL expressions: from the
 * stored row `row` (an alias of a category_interest row), both sides decayed to the later of its
 * scored_at and `at`; with no row (null), a new one. Never below 0. One builder for changeInterest
 * and the interest runs (which fold a run's steps with it), so that one event at a time and a run
 * cannot drift apart: they must compute the same values to the bit.
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

/**
 * Moves `userId`'s interest in the category of `postId` by `weight` (negative for an unlike or a
 * deleted comment; never below 0), both sides decayed to the later of the stored time and `at`.
 * Nothing for a post with no category, a deleted one, or one's own (it says nothing about taste).
 */
export async function changeInterest(
  { db, tx, schema }: Ctx,
  userId: string,
  postId: string,
  at: string,
  weight: number,
): Promise<void> {
  const post = await db
    .selectFrom('post_categories')
    .select(['category', 'author_id'])
    .where('post_id', '=', postId)
    .where('suspended', '=', false)
    .executeTakeFirst();
  if (!post || post.author_id === userId) return;
  const step = (row: string | null) => interestAfter(row, sql`${at}::timestamptz`, sql`${weight}::double precision`);
  const [first, next] = [step(null), step('i')];
  await sql`
    insert into ${sql.id(schema, 'category_interest')} as i (user_id, category, score, scored_at)
    values (${userId}, ${post.category}, ${first.score}, ${first.scored_at})
    on conflict (user_id, category) do update set score = ${next.score}, scored_at = ${next.scored_at}`.execute(tx);
}

/** Counts one interaction of `kind` by `userId` at `at` (an event time): its UTC hour and the mix. */
export async function countInteraction(
  { tx, schema }: Ctx,
  userId: string,
  at: string,
  kind: InteractionKind,
): Promise<void> {
  const hour = new Date(at).getUTCHours();
  await sql`
    insert into ${sql.id(schema, 'active_hours')} as h (user_id, hour, interactions) values (${userId}, ${hour}, 1)
    on conflict (user_id, hour) do update set interactions = h.interactions + 1`.execute(tx);
  await sql`
    insert into ${sql.id(schema, 'interaction_mix')} as m (user_id, ${sql.ref(kind)}) values (${userId}, 1)
    on conflict (user_id) do update set ${sql.ref(kind)} = m.${sql.ref(kind)} + 1`.execute(tx);
}

import { sql } from 'kysely';
import type { ProjectionContext, RunHandler, TypedRecordedEventOf } from '../../projection.ts';
import { INTEREST_WEIGHTS, interestAfter, type InteractionKind } from './interest-profile.ts';
import type { RecommendationsDb } from './recommendations.tables.ts';

/**
 * Interest profiles from the log, at the events' own times: each video's category, and each post
 * as its author's activity; engagement as interest in the post's category and as the user's
 * activity (hour and mix). Unlikes and deleted comments take their interest back; the activity
 * happened and stays counted. These only add (a category, interest, counts); deletions and
 * moderation, which take away, are recommendations.handlers.ts and end a run.
 */
const RUN_TYPES = [
  'PostViewed',
  'PostLiked',
  'PostUnliked',
  'CommentAdded',
  'CommentDeleted',
  'PostShared',
  'VideoPostSubmitted',
  'TextPostCreated',
] as const;
type RunType = (typeof RUN_TYPES)[number];
type RunEvent = TypedRecordedEventOf<RunType>;

interface Category {
  readonly postId: string;
  readonly authorId: string;
  readonly category: string;
}
interface InterestStep {
  readonly userId: string;
  readonly category: string;
  readonly at: string;
  readonly weight: number;
}
interface Counted {
  readonly userId: string;
  readonly at: string;
  readonly kind: InteractionKind;
}

/** What each event of the run does (interest: user, post, time, weight; an interaction counted). */
function effectOf(event: RunEvent): {
  interest?: { userId: string; postId: string; at: string; weight: number };
  counted?: Counted;
} {
  switch (event.type) {
    case 'VideoPostSubmitted':
      return { counted: { userId: event.data.authorId, at: event.data.createdAt, kind: 'posts' } };
    case 'TextPostCreated':
      return { counted: { userId: event.data.authorId, at: event.data.createdAt, kind: 'posts' } };
    case 'PostViewed': {
      const d = event.data;
      return {
        interest: { userId: d.viewerId, postId: d.postId, at: d.viewedAt, weight: INTEREST_WEIGHTS.view },
        counted: { userId: d.viewerId, at: d.viewedAt, kind: 'views' },
      };
    }
    case 'PostLiked': {
      const d = event.data;
      return {
        interest: { userId: d.userId, postId: d.postId, at: d.likedAt, weight: INTEREST_WEIGHTS.like },
        counted: { userId: d.userId, at: d.likedAt, kind: 'likes' },
      };
    }
    case 'PostUnliked':
      return {
        interest: {
          userId: event.data.userId,
          postId: event.data.postId,
          at: event.data.unlikedAt,
          weight: -INTEREST_WEIGHTS.like,
        },
      };
    case 'CommentAdded': {
      const d = event.data;
      return {
        interest: { userId: d.authorId, postId: d.postId, at: d.createdAt, weight: INTEREST_WEIGHTS.comment },
        counted: { userId: d.authorId, at: d.createdAt, kind: 'comments' },
      };
    }
    case 'CommentDeleted':
      return {
        interest: {
          userId: event.data.authorId,
          postId: event.data.postId,
          at: event.data.deletedAt,
          weight: -INTEREST_WEIGHTS.comment,
        },
      };
    case 'PostShared': {
      const d = event.data;
      return {
        interest: { userId: d.userId, postId: d.postId, at: d.sharedAt, weight: INTEREST_WEIGHTS.share },
        counted: { userId: d.userId, at: d.sharedAt, kind: 'shares' },
      };
    }
  }
}

/**
 * A run of engagement and new posts (one event is a run of one) in two round trips. The categories
 * of the run's posts are read once and the run is played in TypeScript in its order (a video's
 * category counts from its submission on; interest in a post of one's own, with no category, or
 * deleted counts nothing). Counts only add up, so they are summed per key; interest decays and
 * clamps at 0, so each (user, category) takes its steps one at a time in the run's order, in SQL
 * (interestAfter, folded): what applying the events one at a time would leave, to the bit.
 */
export const interestRuns: RunHandler<RecommendationsDb, RunType> = {
  types: RUN_TYPES,
  async apply(ctx, events) {
    const categories = await readCategories(ctx, events);
    const added: Category[] = [];
    const steps: InterestStep[] = [];
    const hours = new Map<string, { userId: string; hour: number; n: number }>();
    const mix = new Map<string, Record<InteractionKind, number>>();
    for (const event of events) {
      if (event.type === 'VideoPostSubmitted' && event.data.category !== 'none' && !categories.has(event.data.postId)) {
        const row = { postId: event.data.postId, authorId: event.data.authorId, category: event.data.category };
        categories.set(row.postId, row);
        added.push(row);
      }
      const { interest, counted } = effectOf(event);
      const post = interest && categories.get(interest.postId);
      if (interest && post && post.authorId !== interest.userId)
        steps.push({ userId: interest.userId, category: post.category, at: interest.at, weight: interest.weight });
      if (counted) {
        const hour = new Date(counted.at).getUTCHours();
        const key = `${counted.userId}\u0000${hour}`;
        hours.set(key, { userId: counted.userId, hour, n: (hours.get(key)?.n ?? 0) + 1 });
        const counts = mix.get(counted.userId) ?? { views: 0, likes: 0, comments: 0, shares: 0, posts: 0 };
        counts[counted.kind]++;
        mix.set(counted.userId, counts);
      }
    }
    await write(ctx, added, steps, [...hours.values()], [...mix.entries()]);
  },
};

/** The categories of the run's posts, as they were before the run. */
async function readCategories(
  { db }: ProjectionContext<RecommendationsDb>,
  events: readonly RunEvent[],
): Promise<Map<string, Category>> {
  const postIds = [...new Set(events.map((e) => e.data.postId))];
  if (postIds.length === 0) return new Map();
  // A suspended author's posts are as good as absent: engagement with them counts for nothing.
  const rows = await db
    .selectFrom('post_categories')
    .selectAll()
    .where('post_id', '=', sql<string>`any(${postIds}::text[])`)
    .where('suspended', '=', false)
    .execute();
  return new Map(rows.map((r) => [r.post_id, { postId: r.post_id, authorId: r.author_id, category: r.category }]));
}

/** The run's rows in one statement (each CTE writes a table no other one does). */
async function write(
  { tx, schema }: ProjectionContext<RecommendationsDb>,
  added: readonly Category[],
  steps: readonly InterestStep[],
  hours: ReadonlyArray<{ userId: string; hour: number; n: number }>,
  mix: ReadonlyArray<readonly [string, Record<InteractionKind, number>]>,
): Promise<void> {
  const t = (name: keyof RecommendationsDb) => sql.id(schema, name);
  // Each step: interestAfter, on the row the step before left (or, for a new key, from none).
  const step = (row: string | null) => interestAfter(row, sql.ref('s.at'), sql.ref('s.weight'));
  const [first, next] = [step(null), step('f')];
  const column = (kind: InteractionKind) => sql`${sql.raw(kind)} = m.${sql.raw(kind)} + excluded.${sql.raw(kind)}`;
  const kinds: InteractionKind[] = ['views', 'likes', 'comments', 'shares', 'posts'];
  await sql`
    with recursive
    categorised as (
      insert into ${t('post_categories')} (post_id, author_id, category)
      select * from unnest(${added.map((a) => a.postId)}::text[], ${added.map((a) => a.authorId)}::text[], ${added.map((a) => a.category)}::text[])
      on conflict do nothing),
    hours as (
      insert into ${t('active_hours')} as h (user_id, hour, interactions)
      select * from unnest(${hours.map((h) => h.userId)}::text[], ${hours.map((h) => h.hour)}::smallint[], ${hours.map((h) => h.n)}::int[])
      on conflict (user_id, hour) do update set interactions = h.interactions + excluded.interactions),
    mix as (
      insert into ${t('interaction_mix')} as m (user_id, ${sql.join(kinds.map((k) => sql.raw(k)))})
      select * from unnest(${mix.map(([u]) => u)}::text[], ${sql.join(kinds.map((k) => sql`${mix.map(([, c]) => c[k])}::int[]`))})
      on conflict (user_id) do update set ${sql.join(kinds.map(column))}),
    steps as (
      select s.*, row_number() over (partition by s.user_id, s.category order by s.seq) as n
        from unnest(${steps.map((s) => s.userId)}::text[], ${steps.map((s) => s.category)}::text[], ${steps.map((s) => s.at)}::timestamptz[], ${steps.map((s) => s.weight)}::float8[])
             with ordinality as s(user_id, category, at, weight, seq)),
    folded as (
      select * from (
        -- From the stored row, or from the first step of a new key.
        select i.user_id, i.category, 0::bigint as n, i.score, i.scored_at
          from ${t('category_interest')} i where (i.user_id, i.category) in (select user_id, category from steps)
        union all
        select s.user_id, s.category, s.n, ${first.score}, ${first.scored_at}
          from steps s where s.n = 1 and not exists (select from ${t('category_interest')} i where i.user_id = s.user_id and i.category = s.category)) start
      union all
      select f.user_id, f.category, s.n, ${next.score}, ${next.scored_at}
        from folded f join steps s on s.user_id = f.user_id and s.category = f.category and s.n = f.n + 1)
    insert into ${t('category_interest')} as i (user_id, category, score, scored_at)
    select user_id, category, score, scored_at from (select distinct on (user_id, category) * from folded order by user_id, category, n desc) f
    on conflict (user_id, category) do update set score = excluded.score, scored_at = excluded.scored_at`.execute(tx);
}

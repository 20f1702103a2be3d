import { sql } from 'kysely';
import type { ProjectionContext, TypedRecordedEventOf } from '../../projection.ts';
import { followEdgeChanges, type FollowRunEvent } from '../../read-model-parts/follow-edge-runs.ts';
import { dropFollowEdges } from '../../read-model-parts/follow-edges.ts';
import { foldedKey } from '../../read-model-parts/forward-decay.ts';
import { firstPerKey, lastPerKey } from '../../read-model-parts/run-chunks.ts';
import { EMPTY_KEY, creditFollower, trendingContribution } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

type Ctx = ProjectionContext<TrendingDb>;

/** A deleted account's follows leave: those it made are taken back as unfollows (its own row goes with its posts). */
export async function dropCreatorFollows(ctx: Ctx, userId: string): Promise<void> {
  const gone = await dropFollowEdges(ctx, userId, 'creator_follows');
  const made = gone
    .filter((f) => f.follower_id === userId && f.followee_id !== userId)
    .sort((a, b) => a.followee_id.localeCompare(b.followee_id));
  for (const follow of made)
    await creditFollower(ctx, follow.followee_id, TRENDING_WEIGHTS.follow, follow.followed_at.toISOString(), -1);
}

/** Every user is a creator row, with what their card shows (a registration repeated changes nothing). */
export async function registerCreators({ tx, schema }: Ctx, events: readonly TypedRecordedEventOf<'UserRegistered'>[]) {
  const users = firstPerKey(
    events,
    (e) => e.data.userId,
    (e) => e.data,
  );
  await sql`insert into ${sql.id(schema, 'creators')} (user_id, username, first_name, profile_image_url, follower_count, published_posts, growth_key, suspended)
    select user_id, username, first_name, null, 0, 0, ${EMPTY_KEY}, false
      from unnest(${users.map((u) => u.userId)}::text[], ${users.map((u) => u.username)}::text[], ${users.map((u) => u.firstName)}::text[]) r(user_id, username, first_name)
    on conflict do nothing`.execute(tx);
}

/** The pictures on creator cards: each user's last of the run. */
export async function customizeCreators(
  { tx, schema }: Ctx,
  events: readonly TypedRecordedEventOf<'ProfileCustomized'>[],
) {
  const last = lastPerKey(
    events,
    (e) => e.data.userId,
    (e) => e.data,
  );
  await sql`update ${sql.id(schema, 'creators')} c set profile_image_url = r.url
    from unnest(${last.map((d) => d.userId)}::text[], ${last.map((d) => d.profileImageUrl)}::text[]) r(user_id, url) where c.user_id = r.user_id`.execute(
    tx,
  );
}

/**
 * Follower growth: creator_follows holds the follow edges (read-model-parts/follow-edges.ts) under
 * trending's own name; a new edge adds its follow's weight at the follow's time, a removed one
 * takes back exactly that. A creator who only gained followers in the run takes them in one
 * statement for all such creators (foldedKey: addToKey's arithmetic in the run's order, to the
 * bit); one who also lost some takes each change one at a time (a take-back does not fold).
 */
export async function applyFollows(ctx: Ctx, events: readonly FollowRunEvent[]): Promise<void> {
  const changes = await followEdgeChanges(ctx, events, 'creator_follows');
  const losing = new Set(changes.filter((c) => c.change === -1).map((c) => c.edge.followee_id));
  const gains = changes.filter((c) => !losing.has(c.edge.followee_id));
  if (gains.length > 0) {
    const t = sql.id(ctx.schema, 'creators');
    await sql`
      with gains as (
        select * from unnest(${gains.map((g) => g.edge.followee_id)}::text[], ${gains.map((g) => g.followedAt)}::timestamptz[])
               with ordinality as g(user_id, followed_at, seq)),
      keys as (
        select user_id, count(*) filter (where seq > 0) as n, ${foldedKey(sql.ref('c'), sql.ref('seq'))} as key
          from (select user_id, growth_key as c, 0::bigint as seq from ${t} where user_id in (select user_id from gains)
                union all select user_id, ${trendingContribution(TRENDING_WEIGHTS.follow, sql.ref('followed_at'))}, seq from gains) k
         group by user_id)
      update ${t} c set follower_count = c.follower_count + k.n, growth_key = k.key from keys k where c.user_id = k.user_id`.execute(
      ctx.tx,
    );
  }
  for (const c of changes.filter((c) => losing.has(c.edge.followee_id)))
    await creditFollower(ctx, c.edge.followee_id, TRENDING_WEIGHTS.follow, c.followedAt, c.change);
}

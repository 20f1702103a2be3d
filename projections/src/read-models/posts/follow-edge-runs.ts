import { sql, type RawBuilder } from 'kysely';
import type { TypedRecordedEventOf } from '../../projection.ts';

/** A follow or unfollow as read from the log; named apart from schemas' FollowEvent (type and data only), which it would shadow. */
export type FollowRunEvent = TypedRecordedEventOf<'UserFollowed' | 'UserUnfollowed'>;

/**
 * What followEdgeHandlers (read-model-parts/follow-edges.ts) leave after `events` one by one, as
 * one statement and without reading the edges first. Per pair only the end counts: an unfollow
 * last leaves no edge; otherwise the first follow after the last unfollow made the edge (it
 * replaces one there before), or with no unfollow the first follow adds it if none was there.
 */
export function followEdgeMoves(schema: string, events: readonly FollowRunEvent[]): RawBuilder<unknown> | undefined {
  if (events.length === 0) return undefined;
  const pairs = new Map<
    string,
    { follower: string; followee: string; unfollowed: boolean; followedAt: string | null }
  >();
  for (const { type, data: d } of events) {
    const key = `${d.followerId}\u0000${d.followeeId}`;
    const pair = pairs.get(key) ?? {
      follower: d.followerId,
      followee: d.followeeId,
      unfollowed: false,
      followedAt: null,
    };
    if (type === 'UserUnfollowed') pairs.set(key, { ...pair, unfollowed: true, followedAt: null });
    else pairs.set(key, { ...pair, followedAt: pair.followedAt ?? d.followedAt });
  }
  const all = [...pairs.values()];
  const gone = all.filter((p) => p.followedAt === null);
  const replaced = all.filter((p) => p.followedAt !== null && p.unfollowed);
  const added = all.filter((p) => p.followedAt !== null && !p.unfollowed);
  const edges = sql.id(schema, 'follow_edges');
  const rows = (list: typeof all) =>
    sql`select * from unnest(${list.map((p) => p.follower)}::text[], ${list.map((p) => p.followee)}::text[], ${list.map((p) => p.followedAt)}::timestamptz[])`;
  return sql`
    with unfollowed as (
      delete from ${edges} e using unnest(${gone.map((p) => p.follower)}::text[], ${gone.map((p) => p.followee)}::text[]) g(follower_id, followee_id)
       where e.follower_id = g.follower_id and e.followee_id = g.followee_id),
    refollowed as (
      insert into ${edges} (follower_id, followee_id, followed_at) ${rows(replaced)}
      on conflict (follower_id, followee_id) do update set followed_at = excluded.followed_at)
    insert into ${edges} (follower_id, followee_id, followed_at) ${rows(added)} on conflict do nothing`;
}

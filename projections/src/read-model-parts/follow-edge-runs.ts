import { sql, type RawBuilder } from 'kysely';
import type { ProjectionContext, TypedRecordedEventOf } from '../projection.ts';
import type { FollowEdge } from './follow-edges.ts';

/** A follow or unfollow as read from the log; named apart from schemas' FollowEvent (type and data only), which it would shadow. */
export type FollowRunEvent = TypedRecordedEventOf<'UserFollowed' | 'UserUnfollowed'>;

/**
 * The edges (read-model-parts/follow-edges.ts) that `events` one by one leave, as one statement
 * and without reading the edges first. Per pair only the end counts: an unfollow last leaves no
 * edge; otherwise the first follow after the last unfollow made the edge (it replaces one there
 * before), or with no unfollow the first follow adds it if none was there.
 */
export function followEdgeMoves(
  schema: string,
  events: readonly FollowRunEvent[],
  table = 'follow_edges',
): RawBuilder<unknown> | undefined {
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
  const edges = sql.id(schema, table);
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

/** An edge a follow added or an unfollow removed, and the time of the follow that made it (as the event has it, for one added). */
export interface EdgeChange {
  readonly change: 1 | -1;
  readonly edge: FollowEdge;
  readonly followedAt: string;
}

/**
 * Applies a run of follows and unfollows to the edges in `table` in two statements, and answers
 * what changed, in order, as one event at a time would have: a follow adds an edge where none
 * is, an unfollow removes the one there. A read model counting followers moves its counts by them.
 */
export async function followEdgeChanges(
  { tx, schema }: Pick<ProjectionContext<any>, 'tx' | 'schema'>,
  events: readonly FollowRunEvent[],
  table = 'follow_edges',
): Promise<EdgeChange[]> {
  if (events.length === 0) return [];
  const key = (follower: string, followee: string) => `${follower}\u0000${followee}`;
  const stored = await sql<FollowEdge>`
    select e.follower_id, e.followee_id, e.followed_at
      from unnest(${events.map((e) => e.data.followerId)}::text[], ${events.map((e) => e.data.followeeId)}::text[]) k(follower_id, followee_id)
      join ${sql.id(schema, table)} e on e.follower_id = k.follower_id and e.followee_id = k.followee_id`.execute(tx);
  const edges = new Map<string, FollowEdge | null>(stored.rows.map((e) => [key(e.follower_id, e.followee_id), e]));
  const changes: EdgeChange[] = [];
  for (const { type, data: d } of events) {
    const k = key(d.followerId, d.followeeId);
    const edge = edges.get(k) ?? null;
    if (type === 'UserFollowed' && !edge) {
      const added = { follower_id: d.followerId, followee_id: d.followeeId, followed_at: new Date(d.followedAt) };
      edges.set(k, added);
      changes.push({ change: 1, edge: added, followedAt: d.followedAt });
    } else if (type === 'UserUnfollowed' && edge) {
      edges.set(k, null);
      changes.push({ change: -1, edge, followedAt: edge.followed_at.toISOString() });
    }
  }
  await followEdgeMoves(schema, events, table)?.execute(tx);
  return changes;
}

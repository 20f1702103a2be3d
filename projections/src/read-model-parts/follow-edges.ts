import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../projection.ts';

/**
 * Who follows whom, copied into a read model that filters by it (the feed, the stories strip,
 * search's follower counts), so its queries join within one schema. The follows read model stays
 * the source of the counts. Trending keeps the same edges under its own name (creator_follows):
 * every helper here takes the table's name, follow_edges unless told.
 */
export interface FollowEdgesDb {
  follow_edges: { follower_id: string; followee_id: string; followed_at: Date };
}

/** One edge as a helper here returns it (a row of the table). */
export type FollowEdge = FollowEdgesDb['follow_edges'];

type Ctx = Pick<ProjectionContext<any>, 'tx' | 'schema'>;

/** The table, created in `schema` by the read model's migration. */
export const followEdgesTable = (schema: string, table = 'follow_edges') => sql`
  create table ${sql.id(schema, table)} (
    follower_id text not null,
    followee_id text not null,
    followed_at timestamptz not null,
    primary key (follower_id, followee_id)
  )`;

/** Adds the edge of a follow; answers whether it is new (a repeated follow adds nothing, so a caller's counts move once). */
export async function addFollowEdge(
  { tx, schema }: Ctx,
  d: { followerId: string; followeeId: string; followedAt: string },
  table = 'follow_edges',
): Promise<boolean> {
  const added = await sql`insert into ${sql.id(schema, table)} (follower_id, followee_id, followed_at)
            values (${d.followerId}, ${d.followeeId}, ${d.followedAt}::timestamptz) on conflict do nothing`.execute(tx);
  return Number(added.numAffectedRows ?? 0) > 0;
}

/** Removes the edge of an unfollow; answers the edge removed (undefined when there was none), so a caller can take back what its follow added. */
export async function removeFollowEdge(
  { tx, schema }: Ctx,
  d: { followerId: string; followeeId: string },
  table = 'follow_edges',
): Promise<FollowEdge | undefined> {
  const removed =
    await sql<FollowEdge>`delete from ${sql.id(schema, table)} where follower_id = ${d.followerId} and followee_id = ${d.followeeId}
            returning follower_id, followee_id, followed_at`.execute(tx);
  return removed.rows[0];
}

/** Follows and unfollows kept in the read model's follow_edges (raw SQL: it works in any read model's schema). */
export function followEdgeHandlers<DB extends FollowEdgesDb>(): ProjectionHandlers<DB> {
  return {
    UserFollowed: async (ctx, { data: d }) => {
      await addFollowEdge(ctx, d);
    },
    UserUnfollowed: async (ctx, { data: d }) => {
      await removeFollowEdge(ctx, d);
    },
  } as ProjectionHandlers<DB>;
}

/** A deleted account's follows, both ways, leave the read model's edges; answers the edges removed (for the counts they moved). */
export async function dropFollowEdges(
  { tx, schema }: Ctx,
  userId: string,
  table = 'follow_edges',
): Promise<FollowEdge[]> {
  const gone =
    await sql<FollowEdge>`delete from ${sql.id(schema, table)} where follower_id = ${userId} or followee_id = ${userId}
            returning follower_id, followee_id, followed_at`.execute(tx);
  return gone.rows;
}

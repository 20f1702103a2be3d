import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../projection.ts';

/**
 * Who follows whom, copied into a read model that filters by it (the feed, the stories strip), so
 * its queries join within one schema. The follows read model stays the source of the counts.
 */
export interface FollowEdgesDb {
  follow_edges: { follower_id: string; followee_id: string; followed_at: Date };
}

/** The table, created in `schema` by the read model's migration. */
export const followEdgesTable = (schema: string) => sql`
  create table ${sql.id(schema, 'follow_edges')} (
    follower_id text not null,
    followee_id text not null,
    followed_at timestamptz not null,
    primary key (follower_id, followee_id)
  )`;

/** Follows and unfollows kept in the read model's follow_edges (raw SQL: it works in any read model's schema). */
export function followEdgeHandlers<DB extends FollowEdgesDb>(): ProjectionHandlers<DB> {
  return {
    UserFollowed: async ({ tx, schema }, { data: d }) => {
      await sql`insert into ${sql.id(schema, 'follow_edges')} (follower_id, followee_id, followed_at)
                values (${d.followerId}, ${d.followeeId}, ${d.followedAt}::timestamptz) on conflict do nothing`.execute(tx);
    },
    UserUnfollowed: async ({ tx, schema }, { data: d }) => {
      await sql`delete from ${sql.id(schema, 'follow_edges')} where follower_id = ${d.followerId} and followee_id = ${d.followeeId}`.execute(tx);
    },
  } as ProjectionHandlers<DB>;
}

/** A deleted account's follows, both ways, leave the read model's follow_edges. */
export async function dropFollowEdges({ tx, schema }: Pick<ProjectionContext<any>, 'tx' | 'schema'>, userId: string): Promise<void> {
  await sql`delete from ${sql.id(schema, 'follow_edges')} where follower_id = ${userId} or followee_id = ${userId}`.execute(tx);
}

import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addFollowEdge, dropFollowEdges, removeFollowEdge } from '../../read-model-parts/follow-edges.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import type { SearchDb } from './search.tables.ts';

async function moveFollowers({ tx, schema }: ProjectionContext<SearchDb>, userId: string, by: 1 | -1): Promise<void> {
  await sql`update ${sql.id(schema, 'search_users')} set follower_count = greatest(0, follower_count + ${by}::int) where id = ${userId}`.execute(
    tx,
  );
}

/** A deleted account's follows leave: the users it followed have one follower fewer (its own row goes with its posts). */
export async function dropFollowsOf(ctx: ProjectionContext<SearchDb>, userId: string): Promise<void> {
  const gone = await dropFollowEdges(ctx, userId);
  const followed = gone.filter((f) => f.follower_id === userId && f.followee_id !== userId).map((f) => f.followee_id);
  for (const followeeId of followed.sort()) await moveFollowers(ctx, followeeId, -1);
}

/**
 * Users as search finds and shows them: names folded for trigram matching, picture, followers,
 * whether they hide engagement. Follows are kept as edges, so a follow counts once and a deleted
 * account's follows can be taken back.
 */
export const peopleHandlers: ProjectionHandlers<SearchDb> = {
  UserRegistered: async ({ tx, schema }, { data: d }) => {
    await sql`insert into ${sql.id(schema, 'search_users')} (id, username, first_name, last_name, registered_at, username_key, name_key)
      values (${d.userId}, ${d.username}, ${d.firstName}, ${d.lastName}, ${d.registeredAt}::timestamptz, ${fold(d.username)}, ${fold(`${d.firstName} ${d.lastName}`.trim())})
      on conflict do nothing`.execute(tx);
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('search_users')
      .set({ profile_image_url: d.profileImageUrl })
      .where('id', '=', d.userId)
      .execute();
  },
  PrivacySettingsChanged: async ({ db }, { data: d }) => {
    await db
      .updateTable('search_users')
      .set({ hide_engagement: d.hideEngagement })
      .where('id', '=', d.userId)
      .execute();
  },
  // The shared edges (read-model-parts/follow-edges.ts): a follower counts only when their edge changed.
  UserFollowed: async (ctx, { data: d }) => {
    if (await addFollowEdge(ctx, d)) await moveFollowers(ctx, d.followeeId, 1);
  },
  UserUnfollowed: async (ctx, { data: d }) => {
    if (await removeFollowEdge(ctx, d)) await moveFollowers(ctx, d.followeeId, -1);
  },
};

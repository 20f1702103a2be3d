import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { fold } from '../../read-model-parts/text-search.ts';
import type { SearchDb } from './search.tables.ts';

async function moveFollowers({ tx, schema }: ProjectionContext<SearchDb>, userId: string, by: 1 | -1): Promise<void> {
  await sql`update ${sql.id(schema, 'search_users')} set follower_count = greatest(0, follower_count + ${by}::int) where id = ${userId}`.execute(tx);
}

/** Users as search finds and shows them: names folded for trigram matching, picture, followers, whether they hide engagement. */
export const peopleHandlers: ProjectionHandlers<SearchDb> = {
  UserRegistered: async ({ tx, schema }, { data: d }) => {
    await sql`insert into ${sql.id(schema, 'search_users')} (id, username, first_name, last_name, registered_at, username_key, name_key)
      values (${d.userId}, ${d.username}, ${d.firstName}, ${d.lastName}, ${d.registeredAt}::timestamptz, ${fold(d.username)}, ${fold(`${d.firstName} ${d.lastName}`.trim())})
      on conflict do nothing`.execute(tx);
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db.updateTable('search_users').set({ profile_image_url: d.profileImageUrl }).where('id', '=', d.userId).execute();
  },
  PrivacySettingsChanged: async ({ db }, { data: d }) => {
    await db.updateTable('search_users').set({ hide_engagement: d.hideEngagement }).where('id', '=', d.userId).execute();
  },
  UserFollowed: (ctx, { data: d }) => moveFollowers(ctx, d.followeeId, 1),
  UserUnfollowed: (ctx, { data: d }) => moveFollowers(ctx, d.followeeId, -1),
};

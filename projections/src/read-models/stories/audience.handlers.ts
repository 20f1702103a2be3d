import type { ProjectionHandlers } from '../../projection.ts';
import type { StoriesDb } from './stories.tables.ts';

/** Who is behind each story and each view, and who follows whom (whose stories a user sees). */
export const audienceHandlers: ProjectionHandlers<StoriesDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db.insertInto('user_cards').values({ user_id: d.userId, username: d.username, first_name: d.firstName, profile_image_url: null }).execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db.updateTable('user_cards').set({ profile_image_url: d.profileImageUrl }).where('user_id', '=', d.userId).execute();
  },
  UserFollowed: async ({ db }, { data: d }) => {
    await db.insertInto('follow_edges').values({ follower_id: d.followerId, followee_id: d.followeeId, followed_at: new Date(d.followedAt) }).onConflict((oc) => oc.doNothing()).execute();
  },
  UserUnfollowed: async ({ db }, { data: d }) => {
    await db.deleteFrom('follow_edges').where('follower_id', '=', d.followerId).where('followee_id', '=', d.followeeId).execute();
  },
};

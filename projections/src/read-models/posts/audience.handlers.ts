import type { ProjectionHandlers } from '../../projection.ts';
import type { PostsDb } from './posts.tables.ts';

/** Who is behind each post and who follows whom: what an item shows of its author, and the feed's affinity. */
export const audienceHandlers: ProjectionHandlers<PostsDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db.insertInto('authors').values({ user_id: d.userId, username: d.username, first_name: d.firstName, email: d.email, profile_image_url: null, hide_engagement: false }).execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db.updateTable('authors').set({ profile_image_url: d.profileImageUrl }).where('user_id', '=', d.userId).execute();
  },
  PrivacySettingsChanged: async ({ db }, { data: d }) => {
    await db.updateTable('authors').set({ hide_engagement: d.hideEngagement }).where('user_id', '=', d.userId).execute();
  },
  UserFollowed: async ({ db }, { data: d }) => {
    await db.insertInto('follow_edges').values({ follower_id: d.followerId, followee_id: d.followeeId, followed_at: new Date(d.followedAt) }).onConflict((oc) => oc.doNothing()).execute();
  },
  UserUnfollowed: async ({ db }, { data: d }) => {
    await db.deleteFrom('follow_edges').where('follower_id', '=', d.followerId).where('followee_id', '=', d.followeeId).execute();
  },
};

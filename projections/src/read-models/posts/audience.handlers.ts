import type { ProjectionHandlers } from '../../projection.ts';
import type { PostsDb } from './posts.tables.ts';

/** Who is behind each post: what an item shows of its author, and whether they hide engagement. */
export const audienceHandlers: ProjectionHandlers<PostsDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db
      .insertInto('authors')
      .values({
        user_id: d.userId,
        username: d.username,
        first_name: d.firstName,
        email: d.email,
        profile_image_url: null,
        hide_engagement: false,
      })
      .execute();
  },
  EmailChanged: async ({ db }, { data: d }) => {
    await db.updateTable('authors').set({ email: d.email }).where('user_id', '=', d.userId).execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('authors')
      .set({ profile_image_url: d.profileImageUrl })
      .where('user_id', '=', d.userId)
      .execute();
  },
  PrivacySettingsChanged: async ({ db }, { data: d }) => {
    await db
      .updateTable('authors')
      .set({ hide_engagement: d.hideEngagement })
      .where('user_id', '=', d.userId)
      .execute();
  },
};

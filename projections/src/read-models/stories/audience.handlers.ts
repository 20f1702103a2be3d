import type { ProjectionHandlers } from '../../projection.ts';
import type { StoriesDb } from './stories.tables.ts';

/** Who is behind each story and each view. */
export const audienceHandlers: ProjectionHandlers<StoriesDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db
      .insertInto('user_cards')
      .values({ user_id: d.userId, username: d.username, first_name: d.firstName, profile_image_url: null })
      .execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('user_cards')
      .set({ profile_image_url: d.profileImageUrl })
      .where('user_id', '=', d.userId)
      .execute();
  },
};

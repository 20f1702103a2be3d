import { isPostContentType } from '@myworld/schemas';
import type { ProjectionHandlers } from '../../projection.ts';
import type { RecommendationsDb } from './recommendations.tables.ts';

/**
 * What takes posts and people out of interest profiles (new posts and engagement are applied in
 * runs: interest.runs.ts). A deleted post leaves the map of categories, so later engagement with
 * it changes nothing; interest it earned before stays, it was real.
 */
export const recommendationsHandlers: ProjectionHandlers<RecommendationsDb> = {
  PostDeleted: async ({ db }, { data: d }) => {
    await db.deleteFrom('post_categories').where('post_id', '=', d.postId).execute();
  },
  // A post a moderator removed leaves as a deleted one does; a removed (suspended) user's stay,
  // flagged (engagement with them counts for nothing), until an admin reinstates them.
  ContentRemoved: async ({ db }, { data: d }) => {
    if (isPostContentType(d.contentType))
      await db.deleteFrom('post_categories').where('post_id', '=', d.contentId).execute();
    if (d.contentType === 'user')
      await db.updateTable('post_categories').set({ suspended: true }).where('author_id', '=', d.contentId).execute();
  },
  AccountReinstated: async ({ db }, { data: d }) => {
    await db.updateTable('post_categories').set({ suspended: false }).where('author_id', '=', d.userId).execute();
  },
  // A deleted account's videos leave as a suspended user's do, and their interest profile with them.
  AccountDeleted: async ({ db }, { data: d }) => {
    await db.deleteFrom('post_categories').where('author_id', '=', d.userId).execute();
    await db.deleteFrom('category_interest').where('user_id', '=', d.userId).execute();
    await db.deleteFrom('active_hours').where('user_id', '=', d.userId).execute();
    await db.deleteFrom('interaction_mix').where('user_id', '=', d.userId).execute();
  },
};

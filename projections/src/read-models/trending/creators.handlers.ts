import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { addFollowEdge, dropFollowEdges, removeFollowEdge } from '../../read-model-parts/follow-edges.ts';
import { EMPTY_KEY, creditFollower } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

/** A deleted account's follows leave: those it made are taken back as unfollows (its own row goes with its posts). */
export async function dropCreatorFollows(ctx: ProjectionContext<TrendingDb>, userId: string): Promise<void> {
  const gone = await dropFollowEdges(ctx, userId, 'creator_follows');
  const made = gone
    .filter((f) => f.follower_id === userId && f.followee_id !== userId)
    .sort((a, b) => a.followee_id.localeCompare(b.followee_id));
  for (const follow of made)
    await creditFollower(ctx, follow.followee_id, TRENDING_WEIGHTS.follow, follow.followed_at.toISOString(), -1);
}

/**
 * Creators: every user, what their card shows, and their follower growth. An unfollow takes back
 * exactly what its follow added (at the time of the follow).
 */
export const creatorsHandlers: ProjectionHandlers<TrendingDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db
      .insertInto('creators')
      .values({
        user_id: d.userId,
        username: d.username,
        first_name: d.firstName,
        profile_image_url: null,
        follower_count: 0,
        published_posts: 0,
        growth_key: EMPTY_KEY,
        suspended: false,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('creators')
      .set({ profile_image_url: d.profileImageUrl })
      .where('user_id', '=', d.userId)
      .execute();
  },
  // creator_follows holds the shared follow edges (read-model-parts/follow-edges.ts) under trending's own name.
  UserFollowed: async (ctx, { data: d }) => {
    if (await addFollowEdge(ctx, d, 'creator_follows'))
      await creditFollower(ctx, d.followeeId, TRENDING_WEIGHTS.follow, d.followedAt, 1);
  },
  UserUnfollowed: async (ctx, { data: d }) => {
    const follow = await removeFollowEdge(ctx, d, 'creator_follows');
    if (follow) await creditFollower(ctx, d.followeeId, TRENDING_WEIGHTS.follow, follow.followed_at.toISOString(), -1);
  },
};

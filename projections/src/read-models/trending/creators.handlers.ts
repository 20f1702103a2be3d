import { sql } from 'kysely';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import { EMPTY_KEY, creditFollower } from './trending-keys.ts';
import { TRENDING_WEIGHTS } from './trending-weights.ts';
import type { TrendingDb } from './trending.tables.ts';

/** A deleted account's follows leave: those it made are taken back as unfollows (its own row goes with its posts). */
export async function dropCreatorFollows(ctx: ProjectionContext<TrendingDb>, userId: string): Promise<void> {
  const gone = await sql<{ follower_id: string; followee_id: string; followed_at: Date }>`
    delete from ${sql.id(ctx.schema, 'creator_follows')} where follower_id = ${userId} or followee_id = ${userId} returning follower_id, followee_id, followed_at`.execute(ctx.tx);
  const made = gone.rows.filter((f) => f.follower_id === userId && f.followee_id !== userId).sort((a, b) => a.followee_id.localeCompare(b.followee_id));
  for (const follow of made) await creditFollower(ctx, follow.followee_id, TRENDING_WEIGHTS.follow, follow.followed_at.toISOString(), -1);
}

/**
 * Creators: every user, what their card shows, and their follower growth. An unfollow takes back
 * exactly what its follow added (at the time of the follow).
 */
export const creatorsHandlers: ProjectionHandlers<TrendingDb> = {
  UserRegistered: async ({ db }, { data: d }) => {
    await db
      .insertInto('creators')
      .values({ user_id: d.userId, username: d.username, first_name: d.firstName, profile_image_url: null, follower_count: 0, published_posts: 0, growth_key: EMPTY_KEY })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db.updateTable('creators').set({ profile_image_url: d.profileImageUrl }).where('user_id', '=', d.userId).execute();
  },
  UserFollowed: async (ctx, { data: d }) => {
    const inserted = await sql`insert into ${sql.id(ctx.schema, 'creator_follows')} (follower_id, followee_id, followed_at)
      values (${d.followerId}, ${d.followeeId}, ${d.followedAt}::timestamptz) on conflict do nothing`.execute(ctx.tx);
    if (Number(inserted.numAffectedRows ?? 0) > 0) await creditFollower(ctx, d.followeeId, TRENDING_WEIGHTS.follow, d.followedAt, 1);
  },
  UserUnfollowed: async (ctx, { data: d }) => {
    const removed = await sql<{ followed_at: Date }>`delete from ${sql.id(ctx.schema, 'creator_follows')} where follower_id = ${d.followerId} and followee_id = ${d.followeeId} returning followed_at`.execute(ctx.tx);
    const follow = removed.rows[0];
    if (follow) await creditFollower(ctx, d.followeeId, TRENDING_WEIGHTS.follow, follow.followed_at.toISOString(), -1);
  },
};

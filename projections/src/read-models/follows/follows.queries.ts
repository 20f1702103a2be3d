import type { QueryCreator } from 'kysely';
import type { FollowsDb } from './follows.projection.ts';

type Db = QueryCreator<FollowsDb>;

/** A user's follower and following counts (0 and 0 for someone nobody follows and who follows nobody). */
export async function followCounts(db: Db, userId: string): Promise<{ followers: number; following: number }> {
  const row = await db
    .selectFrom('follow_counts')
    .select(['followers', 'following'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { followers: row?.followers ?? 0, following: row?.following ?? 0 };
}

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .executeTakeFirst()) !== undefined
  );
}

/** The ids a user follows, newest first, one page at a time (`before`: the last page's oldest follow time). */
export async function followeesOf(
  db: Db,
  followerId: string,
  { limit = 50, before }: { limit?: number; before?: Date } = {},
): Promise<Array<{ userId: string; followedAt: Date }>> {
  let query = db.selectFrom('follows').select(['followee_id', 'followed_at']).where('follower_id', '=', followerId);
  if (before) query = query.where('followed_at', '<', before);
  const rows = await query.orderBy('followed_at', 'desc').limit(limit).execute();
  return rows.map((r) => ({ userId: r.followee_id, followedAt: r.followed_at }));
}

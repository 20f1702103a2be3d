import { sql } from 'kysely';
import { defineProjection } from '../../projection.ts';

/**
 * The follows read model: who follows whom now, and each user's follower and following counts,
 * kept as counters so a profile or feed reads them without counting rows. A deleted account's
 * follows, both ways, go with its counts, and the counts of those it followed or who followed it.
 */
export interface FollowsDb {
  follows: { follower_id: string; followee_id: string; followed_at: Date };
  follow_counts: { user_id: string; followers: number; following: number };
}

export const followsProjection = defineProjection<FollowsDb>({
  name: 'follows',
  // 2: deleted accounts' follows go.
  version: 2,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'follows')} (
        follower_id text not null,
        followee_id text not null,
        followed_at timestamptz not null,
        primary key (follower_id, followee_id)
      );
      create index on ${sql.id(schema, 'follows')} (followee_id, followed_at desc);
      create index on ${sql.id(schema, 'follows')} (follower_id, followed_at desc);
      create table ${sql.id(schema, 'follow_counts')} (
        user_id text primary key,
        followers integer not null default 0,
        following integer not null default 0
      );
    `.execute(db);
  },
  handlers: {
    UserFollowed: async ({ db }, { data: d }) => {
      await db
        .insertInto('follows')
        .values({ follower_id: d.followerId, followee_id: d.followeeId, followed_at: new Date(d.followedAt) })
        .execute();
      await bump(db, d.followeeId, 'followers', 1);
      await bump(db, d.followerId, 'following', 1);
    },
    UserUnfollowed: async ({ db }, { data: d }) => {
      // A follow a deletion already took away is not taken twice.
      const removed = await db
        .deleteFrom('follows')
        .where('follower_id', '=', d.followerId)
        .where('followee_id', '=', d.followeeId)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) return;
      await bump(db, d.followeeId, 'followers', -1);
      await bump(db, d.followerId, 'following', -1);
    },
    AccountDeleted: async ({ tx, schema }, { data: d }) => {
      const follows = sql.id(schema, 'follows');
      const counts = sql.id(schema, 'follow_counts');
      await sql`with gone as (delete from ${follows} where follower_id = ${d.userId} or followee_id = ${d.userId} returning follower_id, followee_id),
        edges as (select followee_id as user_id, 1 as followers, 0 as following from gone where follower_id = ${d.userId}
                  union all select follower_id, 0, 1 from gone where followee_id = ${d.userId}),
        moves as (select user_id, sum(followers)::int as followers, sum(following)::int as following from edges group by user_id)
        update ${counts} c set followers = c.followers - m.followers, following = c.following - m.following from moves m where c.user_id = m.user_id`.execute(
        tx,
      );
      await sql`delete from ${counts} where user_id = ${d.userId}`.execute(tx);
    },
  },
});

type Db = Parameters<NonNullable<(typeof followsProjection)['handlers']['UserFollowed']>>[0]['db'];

async function bump(db: Db, userId: string, column: 'followers' | 'following', by: 1 | -1): Promise<void> {
  await db
    .insertInto('follow_counts')
    .values({ user_id: userId, followers: column === 'followers' ? by : 0, following: column === 'following' ? by : 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ [column]: eb(eb.ref(`follow_counts.${column}`), '+', by) })),
    )
    .execute();
}

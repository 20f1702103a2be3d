import { sql } from 'kysely';
import { defineProjection } from '../../projection.ts';

/**
 * The follows read model: who follows whom now, and each user's follower and following counts,
 * kept as counters so a profile or feed reads them without counting rows.
 */
export interface FollowsDb {
  follows: { follower_id: string; followee_id: string; followed_at: Date };
  follow_counts: { user_id: string; followers: number; following: number };
}

export const followsProjection = defineProjection<FollowsDb>({
  name: 'follows',
  version: 1,
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
      await db.insertInto('follows').values({ follower_id: d.followerId, followee_id: d.followeeId, followed_at: new Date(d.followedAt) }).execute();
      await bump(db, d.followeeId, 'followers', 1);
      await bump(db, d.followerId, 'following', 1);
    },
    UserUnfollowed: async ({ db }, { data: d }) => {
      await db.deleteFrom('follows').where('follower_id', '=', d.followerId).where('followee_id', '=', d.followeeId).execute();
      await bump(db, d.followeeId, 'followers', -1);
      await bump(db, d.followerId, 'following', -1);
    },
  },
});

type Db = Parameters<NonNullable<(typeof followsProjection)['handlers']['UserFollowed']>>[0]['db'];

async function bump(db: Db, userId: string, column: 'followers' | 'following', by: 1 | -1): Promise<void> {
  await db
    .insertInto('follow_counts')
    .values({ user_id: userId, followers: column === 'followers' ? by : 0, following: column === 'following' ? by : 0 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ [column]: eb(eb.ref(`follow_counts.${column}`), '+', by) })))
    .execute();
}

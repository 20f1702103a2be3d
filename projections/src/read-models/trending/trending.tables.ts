import { sql, type Kysely } from 'kysely';
import { followEdgesTable, type FollowEdge } from '../../read-model-parts/follow-edges.ts';
import { ensureForwardDecay } from '../../read-model-parts/forward-decay.ts';
import { hashtagUsesTables, type HashtagUsesDb } from '../../read-model-parts/hashtag-uses.ts';
import { postPublicationTables, type PostPublicationDb } from '../../read-model-parts/post-publication.ts';

/**
 * The trending read model's tables. Every `*_key` is a forward-decay key (read-model-parts/
 * forward-decay.ts): ORDER BY key DESC is "most recent activity, decayed" at any moment, so a
 * request reads the top rows of an index and nothing is ever recomputed over the history. The
 * likes, comments and follows are kept with their times so an unlike, a deleted comment or an
 * unfollow takes back exactly what it added.
 */
export interface TrendingDb extends PostPublicationDb, HashtagUsesDb {
  /** Published posts and their engagement velocity (publication, likes, comments, shares, views). */
  /** `suspended`: its author is suspended; kept (with its engagement) but left out of every read until reinstated. */
  trending_posts: {
    id: string;
    author_id: string;
    kind: 'text' | 'video';
    published_at: Date;
    velocity_key: number;
    suspended: boolean;
  };
  trending_likes: { post_id: string; user_id: string; liked_at: Date };
  trending_comments: { comment_id: string; post_id: string; created_at: Date };
  /** Every user: what a creator card shows, and their growth (new followers, engagement received). */
  creators: {
    user_id: string;
    username: string;
    first_name: string;
    profile_image_url: string | null;
    follower_count: number;
    published_posts: number;
    growth_key: number;
    /** A moderator suspended them: kept, left out of the trending creators and the banner's totals until reinstated. */
    suspended: boolean;
  };
  /** Follow edges (read-model-parts/follow-edges.ts), under trending's own name. */
  creator_follows: FollowEdge;
  /** The discover banner's figures, one row (id 1). */
  totals: { id: number; videos: number; text_posts: number; creators: number; hashtags: number };
}

export async function createTrendingTables(db: Kysely<TrendingDb>, schema: string): Promise<void> {
  // The key folding function, before any event: runs of engagement add many contributions at once.
  await ensureForwardDecay(db);
  const t = (name: keyof TrendingDb) => sql.id(schema, name);
  await sql`
    create table ${t('trending_posts')} (
      id text primary key,
      author_id text not null,
      kind text not null,
      published_at timestamptz not null,
      velocity_key double precision not null,
      suspended boolean not null default false
    );
    create index on ${t('trending_posts')} (velocity_key desc, id);
    create table ${t('trending_likes')} (
      post_id text not null,
      user_id text not null,
      liked_at timestamptz not null,
      primary key (post_id, user_id)
    );
    create table ${t('trending_comments')} (
      comment_id text primary key,
      post_id text not null,
      created_at timestamptz not null
    );
    create index on ${t('trending_comments')} (post_id);
    create table ${t('creators')} (
      user_id text primary key,
      username text not null,
      first_name text not null,
      profile_image_url text,
      follower_count integer not null default 0,
      published_posts integer not null default 0,
      growth_key double precision not null,
      suspended boolean not null default false
    );
    create index on ${t('creators')} (growth_key desc, user_id);
    create table ${t('totals')} (
      id integer primary key,
      videos integer not null,
      text_posts integer not null,
      creators integer not null,
      hashtags integer not null
    );
    insert into ${t('totals')} values (1, 0, 0, 0, 0);
  `.execute(db);
  await hashtagUsesTables(schema).execute(db);
  await postPublicationTables(schema).execute(db);
  // The same table as the shared edges' (read-model-parts/follow-edges.ts), kept under its own name.
  await followEdgesTable(schema, 'creator_follows').execute(db);
}

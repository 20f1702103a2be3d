import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import { followEdgesTable, type FollowEdgesDb } from '../../read-model-parts/follow-edges.ts';
import { hashtagUsesTables, type HashtagUsesDb } from '../../read-model-parts/hashtag-uses.ts';
import { postPublicationTables, type PostPublicationDb } from '../../read-model-parts/post-publication.ts';
import { ensureTextSearch, fold } from '../../read-model-parts/text-search.ts';
import { ensureForwardDecay } from '../../read-model-parts/forward-decay.ts';

/**
 * The search read model's tables. Published posts only, with a stored tsvector (folded: no case,
 * no accents; weighted title A, description B, category C) under a GIN index, and beside it their
 * counters and ranking key, so that finding a query's best matches reads one table (by the GIN
 * index when the query is rare, along rank_key's index when it is common). Users with folded username and name under trigram GiST indexes (ordering by `<->`
 * walks the index, and one typo still finds the user). Hashtags with their uses.
 */
export interface SearchDb extends PostPublicationDb, HashtagUsesDb, FollowEdgesDb {
  search_posts: {
    id: string;
    author_id: string;
    kind: 'text' | 'video';
    /** The first line of the text (a video's description, a text post's content). */
    title: string;
    /** The whole text. */
    body: string;
    category: string | null;
    thumbnail_url: string | null;
    /** A text post's card: its colours and font style (null for a video). */
    background_color: string | null;
    text_color: string | null;
    font_style: string | null;
    published_at: Date;
    document: string;
    like_count: number;
    comment_count: number;
    share_count: number;
    view_count: number;
    /** Popularity and freshness in one number (see search-ranking.ts); candidates are read by it, best first. */
    rank_key: number;
    /** The post itself is hidden by moderation pending review. */
    post_hidden: boolean;
    /** Its author is hidden by moderation pending review, or suspended. */
    author_hidden: boolean;
    /** post_hidden or author_hidden (generated): in no result. */
    hidden: ColumnType<boolean, never, never>;
  };
  search_users: {
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    follower_count: number;
    hide_engagement: boolean;
    registered_at: Date;
    /** Folded username and "first last", what trigram matching compares. */
    username_key: string;
    name_key: string;
    /** Hidden by moderation pending review: in no result. */
    hidden: boolean;
    /** Suspended (removed by a moderator) until an admin reinstates them: in no result, nor are their posts. */
    suspended: Generated<boolean>;
  };
}

export async function createSearchTables(db: Kysely<SearchDb>, schema: string): Promise<void> {
  await ensureTextSearch(db);
  // The hashtags' recent-use keys are folded with its aggregate (hashtag-uses.ts).
  await ensureForwardDecay(db);
  const t = (name: keyof SearchDb) => sql.id(schema, name);
  await sql`
    create table ${t('search_posts')} (
      id text primary key,
      author_id text not null,
      kind text not null,
      title text not null,
      body text not null,
      category text,
      thumbnail_url text,
      background_color text,
      text_color text,
      font_style text,
      published_at timestamptz not null,
      document tsvector not null,
      like_count integer not null default 0,
      comment_count integer not null default 0,
      share_count integer not null default 0,
      view_count integer not null default 0,
      rank_key double precision not null,
      post_hidden boolean not null default false,
      author_hidden boolean not null default false,
      hidden boolean generated always as (post_hidden or author_hidden) stored
    ) with (fillfactor = 80);
    create index on ${t('search_posts')} using gin (document);
    create index on ${t('search_posts')} (rank_key desc, id);
    create index on ${t('search_posts')} (kind, rank_key desc, id);
    create table ${t('search_users')} (
      id text primary key,
      username text not null,
      first_name text not null,
      last_name text not null,
      profile_image_url text,
      follower_count integer not null default 0,
      hide_engagement boolean not null default false,
      registered_at timestamptz not null,
      username_key text not null,
      name_key text not null,
      hidden boolean not null default false,
      suspended boolean not null default false
    ) with (fillfactor = 80);
    create index on ${t('search_users')} using gist (username_key public.gist_trgm_ops);
    create index on ${t('search_users')} using gist (name_key public.gist_trgm_ops);
    create index on ${t('search_users')} (username_key text_pattern_ops);
  `.execute(db);
  await hashtagUsesTables(schema).execute(db);
  await sql`
    create index on ${t('hashtags')} using gist (${fold(sql.ref('tag'))} public.gist_trgm_ops);
    create index on ${t('hashtags')} (${fold(sql.ref('tag'))} text_pattern_ops);
  `.execute(db);
  await postPublicationTables(schema).execute(db);
  await followEdgesTable(schema).execute(db);
}

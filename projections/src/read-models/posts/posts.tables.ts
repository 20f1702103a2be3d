import { sql, type ColumnType, type Generated, type Kysely } from 'kysely';
import type { EditorEffect } from '@myworld/schemas';
import { followEdgesTable, type FollowEdgesDb } from '../../read-model-parts/follow-edges.ts';

/**
 * The posts read model's tables: everything a feed page, a detail page, a comment list or a profile
 * grid reads, precomputed so that a request costs the same at 10k and at 1M events of history.
 * Counters and scores live on the post row; per-viewer facts (likes, seen, affinity, follows) are
 * keyed so that a page looks them up for its own items only.
 */
export interface PostsDb extends FollowEdgesDb {
  posts: {
    id: string;
    author_id: string;
    kind: 'text' | 'video';
    /** processing until a video's MP4 and poster exist; failed with `failure_reason`. Text posts publish at once. */
    status: 'processing' | 'published' | 'failed';
    content: string;
    background_color: string;
    text_color: string;
    font_style: string;
    image_url: string | null;
    media_id: string | null;
    video_url: string | null;
    poster_url: string | null;
    duration_seconds: number | null;
    description: string;
    category: string;
    failure_reason: string | null;
    /** A video's editor effects (the effects list), as JSON; null for text posts and unedited videos. */
    effects: ColumnType<EditorEffect[] | null, string | null, string | null>;
    created_at: Date;
    published_at: Date | null;
    like_count: number;
    comment_count: number;
    share_count: number;
    view_count: number;
    /**
     * Engagement velocity, kept incrementally: likes, comments and shares (weighted 1, 2, 3) and
     * views, each decayed with a 24-hour half-life to `scores_at`. Their ratio is likes, comments
     * and shares per view with recent ones counting most, and needs no decay at read time.
     */
    engagement_score: number;
    view_score: number;
    scores_at: Date;
    /** The post itself is auto-hidden by moderation pending review. */
    post_hidden: boolean;
    /** Its author (the user) is hidden by moderation pending review, or suspended. */
    author_hidden: boolean;
    /** post_hidden or author_hidden (generated): only its author sees it. */
    hidden: ColumnType<boolean, never, never>;
  };
  /** What media processing said about each video object (a post may be submitted before or after). */
  post_media: {
    media_id: string;
    status: 'processed' | 'failed';
    video_url: string | null;
    poster_url: string | null;
    duration_seconds: number | null;
    failure_reason: string | null;
  };
  post_likes: { post_id: string; user_id: string; liked_at: Date };
  /** `hidden`: auto-hidden by moderation pending review (left out of comment lists). */
  post_comments: { id: string; post_id: string; author_id: string; content: string; created_at: Date; hidden: boolean };
  /** A suspended user's comments, parked out of lists and counts until the user is reinstated (same columns). */
  suspended_comments: {
    id: string;
    post_id: string;
    author_id: string;
    content: string;
    created_at: Date;
    hidden: boolean;
  };
  /** The viewer has seen the post (a counted view); For You sinks it. */
  viewer_seen: { user_id: string; post_id: string; seen_at: Date };
  /** How many of an author's posts the viewer has liked (affinity). */
  author_affinity: { user_id: string; author_id: string; likes: number };
  /** What an item shows of its author, and whether they hide engagement from others. */
  /**
   * `hidden`: the user is hidden by moderation pending review; `suspended`: removed by a moderator
   * until an admin reinstates them. Either way their posts are hidden (new ones too).
   */
  authors: {
    user_id: string;
    username: string;
    first_name: string;
    email: string;
    profile_image_url: string | null;
    hide_engagement: boolean;
    hidden: Generated<boolean>;
    suspended: Generated<boolean>;
  };
}

export async function createPostsTables(db: Kysely<PostsDb>, schema: string): Promise<void> {
  const t = (name: keyof PostsDb) => sql.id(schema, name);
  await sql`
    create table ${t('posts')} (
      id text primary key,
      author_id text not null,
      kind text not null,
      status text not null,
      content text not null default '',
      background_color text not null default '#000000',
      text_color text not null default '#ffffff',
      font_style text not null default 'normal',
      image_url text,
      media_id text,
      video_url text,
      poster_url text,
      duration_seconds double precision,
      description text not null default '',
      category text not null default 'none',
      failure_reason text,
      effects jsonb,
      created_at timestamptz not null,
      published_at timestamptz,
      like_count integer not null default 0,
      comment_count integer not null default 0,
      share_count integer not null default 0,
      view_count integer not null default 0,
      engagement_score double precision not null default 0,
      view_score double precision not null default 0,
      scores_at timestamptz not null,
      post_hidden boolean not null default false,
      author_hidden boolean not null default false,
      hidden boolean generated always as (post_hidden or author_hidden) stored
    );
    create index on ${t('posts')} (published_at desc, id desc) where status = 'published';
    create index on ${t('posts')} (author_id, published_at desc, id desc) where status = 'published';
    create index on ${t('posts')} (category, published_at desc, id desc) where status = 'published' and kind = 'video';
    create index on ${t('posts')} (author_id, kind, created_at desc, id desc);
    create index on ${t('posts')} (media_id) where media_id is not null;
    create table ${t('post_media')} (
      media_id text primary key,
      status text not null,
      video_url text,
      poster_url text,
      duration_seconds double precision,
      failure_reason text
    );
    create table ${t('post_likes')} (
      post_id text not null,
      user_id text not null,
      liked_at timestamptz not null,
      primary key (post_id, user_id)
    );
    create index on ${t('post_likes')} (user_id, post_id);
    create index on ${t('post_likes')} (user_id, liked_at desc);
    create table ${t('post_comments')} (
      id text primary key,
      post_id text not null,
      author_id text not null,
      content text not null,
      created_at timestamptz not null,
      hidden boolean not null default false
    );
    create index on ${t('post_comments')} (post_id, created_at desc, id desc);
    create index on ${t('post_comments')} (author_id);
    create table ${t('suspended_comments')} (
      id text primary key,
      post_id text not null,
      author_id text not null,
      content text not null,
      created_at timestamptz not null,
      hidden boolean not null default false
    );
    create index on ${t('suspended_comments')} (author_id);
    create index on ${t('suspended_comments')} (post_id);
    create table ${t('viewer_seen')} (
      user_id text not null,
      post_id text not null,
      seen_at timestamptz not null,
      primary key (user_id, post_id)
    );
    create index on ${t('viewer_seen')} (post_id);
    create table ${t('author_affinity')} (
      user_id text not null,
      author_id text not null,
      likes integer not null,
      primary key (user_id, author_id)
    );
    create table ${t('authors')} (
      user_id text primary key,
      username text not null,
      first_name text not null,
      email text not null,
      profile_image_url text,
      hide_engagement boolean not null default false,
      hidden boolean not null default false,
      suspended boolean not null default false
    );
  `.execute(db);
  await followEdgesTable(schema).execute(db);
}

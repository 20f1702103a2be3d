import { sql, type Generated, type Kysely } from 'kysely';
import { followEdgesTable, type FollowEdgesDb } from '../../read-model-parts/follow-edges.ts';

/**
 * The stories read model's tables: the live stories with their view counts, who viewed each one,
 * and what a story list shows and filters by (the media's processed URL, authors' and viewers'
 * cards, follow edges), so GET /api/stories is one indexed query. An expired story leaves every
 * table, as does one a moderator removed; queries also filter on `expires_at`, so a late expiry job
 * never shows one.
 */
export interface StoriesDb extends FollowEdgesDb {
  stories: {
    id: string;
    author_id: string;
    media_type: 'text' | 'image' | 'video';
    content: string;
    background_color: string;
    media_id: string | null;
    /** The processed variant once there is one (image: display WebP; video: MP4), else the original. */
    media_url: string | null;
    view_count: number;
    created_at: Date;
    expires_at: Date;
    /** Hidden by moderation pending review: only its author sees it. */
    hidden: boolean;
    /** Its author is suspended: no one sees it until they are reinstated (it still expires). */
    author_suspended: Generated<boolean>;
  };
  /** One row per viewer who counted (never the author). */
  story_views: { story_id: string; viewer_id: string; viewed_at: Date };
  /** Media objects attached for stories, and their processed URL once processing made it (it may come before the story). */
  story_media: { media_id: string; processed_url: string | null };
  /** What a story or a viewer shows of a user. */
  user_cards: { user_id: string; username: string; first_name: string; profile_image_url: string | null };
}

export async function createStoriesTables(db: Kysely<StoriesDb>, schema: string): Promise<void> {
  const t = (name: keyof StoriesDb) => sql.id(schema, name);
  await sql`
    create table ${t('stories')} (
      id text primary key,
      author_id text not null,
      media_type text not null,
      content text not null,
      background_color text not null,
      media_id text,
      media_url text,
      view_count integer not null default 0,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      hidden boolean not null default false,
      author_suspended boolean not null default false
    );
    create index on ${t('stories')} (author_id, created_at);
    create index on ${t('stories')} (media_id) where media_id is not null;
    create table ${t('story_views')} (
      story_id text not null,
      viewer_id text not null,
      viewed_at timestamptz not null,
      primary key (story_id, viewer_id)
    );
    create index on ${t('story_views')} (story_id, viewed_at desc);
    create table ${t('story_media')} (
      media_id text primary key,
      processed_url text
    );
    create table ${t('user_cards')} (
      user_id text primary key,
      username text not null,
      first_name text not null,
      profile_image_url text
    );
  `.execute(db);
  await followEdgesTable(schema).execute(db);
}

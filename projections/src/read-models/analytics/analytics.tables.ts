import { sql, type Kysely } from 'kysely';
import type { AgeGroup, EventMetadata } from '@myworld/schemas';

type Device = NonNullable<EventMetadata['client']>['userAgentClass'];

/** The columns of analytics_creator_hours counting views by the viewer's age group then, and by device. */
export const AGE_COLUMNS = {
  '13-17': 'age_13_17',
  '18-24': 'age_18_24',
  '25-34': 'age_25_34',
  '35-44': 'age_35_44',
  '45+': 'age_45_plus',
} as const satisfies Record<AgeGroup, string>;
export const DEVICE_COLUMNS = {
  browser: 'device_browser',
  mobile: 'device_mobile',
  bot: 'device_bot',
  cli: 'device_cli',
  unknown: 'device_unknown',
} as const satisfies Record<Device, string>;

/** Every count of analytics_creator_hours; a batch adds to each. */
export const CREATOR_HOUR_COUNTS = [
  'views',
  'likes',
  'comments',
  'new_followers',
  'unfollows',
  ...Object.values(AGE_COLUMNS),
  ...Object.values(DEVICE_COLUMNS),
] as const;
export type CreatorHourCount = (typeof CREATOR_HOUR_COUNTS)[number];

/**
 * The analytics read model's tables. Activity is kept in hourly buckets keyed by the hour the
 * event happened in (its own time: viewedAt, likedAt, ...), so any window, now or as of an earlier
 * time, is a sum over at most 90 × 24 rows per creator. An unlike, a deleted comment or an
 * unfollow subtracts in the hour it happened, so the past stays as it stood.
 */
export interface AnalyticsDb {
  /** Every registered user: whether a creator exists, and viewers' birth dates for age groups. */
  analytics_users: { user_id: string; birth_date: string };
  /** Every post with what topContent shows; `deleted_at` drops it from topContent from then on. */
  analytics_posts: {
    post_id: string;
    author_id: string;
    kind: 'text' | 'video';
    content: string | null;
    title: string | null;
    category: string | null;
    created_at: Date;
    deleted_at: Date | null;
  };
  /** Per creator per hour: engagement received, followers gained and lost, and views by age group and device. */
  analytics_creator_hours: { creator_id: string; hour: Date } & Record<CreatorHourCount, number>;
  /** Per post per hour: engagement received (author kept for the per-creator index). */
  analytics_post_hours: {
    post_id: string;
    author_id: string;
    hour: Date;
    views: number;
    likes: number;
    comments: number;
  };
  /** Per creator per hour: views by the viewer's country, where the edge named it (an open set, so rows, not columns). */
  analytics_country_hours: { creator_id: string; hour: Date; country: string; views: number };
  /**
   * Per viewer, creator, hour and age group: the views counted in that age column. Deleting the
   * viewer's account makes their birth date unreadable, so a replay counts their views in no age
   * group: these rows say exactly what to take back from the creators' age columns.
   */
  analytics_viewer_ages: { viewer_id: string; creator_id: string; hour: Date; age_group: AgeGroup; views: number };
  /** Analysts' reads of other creators' analytics (AnalyticsViewed), for the admins' audit list. */
  analytics_accesses: {
    event_id: string;
    viewer_id: string;
    creator_id: string;
    timeframe: string;
    as_of: string | null;
    viewed_at: Date;
  };
}

export async function createAnalyticsTables(db: Kysely<AnalyticsDb>, schema: string): Promise<void> {
  const t = (name: keyof AnalyticsDb) => sql.id(schema, name);
  const counts = sql.join(CREATOR_HOUR_COUNTS.map((c) => sql`${sql.id(c)} integer not null default 0`));
  await sql`
    create table ${t('analytics_users')} (
      user_id text primary key,
      birth_date text not null
    );
    create table ${t('analytics_posts')} (
      post_id text primary key,
      author_id text not null,
      kind text not null,
      content text,
      title text,
      category text,
      created_at timestamptz not null,
      deleted_at timestamptz
    );
    create index on ${t('analytics_posts')} (author_id);
    create table ${t('analytics_creator_hours')} (
      creator_id text not null,
      hour timestamptz not null,
      ${counts},
      primary key (creator_id, hour)
    );
    create table ${t('analytics_post_hours')} (
      post_id text not null,
      author_id text not null,
      hour timestamptz not null,
      views integer not null default 0,
      likes integer not null default 0,
      comments integer not null default 0,
      primary key (post_id, hour)
    );
    create index on ${t('analytics_post_hours')} (author_id, hour);
    create table ${t('analytics_country_hours')} (
      creator_id text not null,
      hour timestamptz not null,
      country text not null,
      views integer not null default 0,
      primary key (creator_id, hour, country)
    );
    create table ${t('analytics_viewer_ages')} (
      viewer_id text not null,
      creator_id text not null,
      hour timestamptz not null,
      age_group text not null,
      views integer not null,
      primary key (viewer_id, creator_id, hour, age_group)
    );
    create table ${t('analytics_accesses')} (
      event_id text primary key,
      viewer_id text not null,
      creator_id text not null,
      timeframe text not null,
      as_of text,
      viewed_at timestamptz not null
    );
    create index on ${t('analytics_accesses')} (viewed_at desc, event_id desc);
  `.execute(db);
}

import { sql, type QueryCreator } from 'kysely';
import type { PageKey } from '../posts/posts.queries.ts';
import { AGE_COLUMNS, DEVICE_COLUMNS, type AnalyticsDb } from './analytics.tables.ts';

type Db = QueryCreator<AnalyticsDb>;

/** A span of whole hours, start included, end excluded (the buckets are keyed by their hour's start). */
export interface HourSpan {
  readonly from: Date;
  readonly to: Date;
}

/** Whether the user registered (analytics of an unknown user is a 404). */
export async function analyticsUserExists(db: Db, userId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('analytics_users').select('user_id').where('user_id', '=', userId).executeTakeFirst(),
  );
}

export interface CreatorHour {
  hour: Date;
  views: number;
  likes: number;
  comments: number;
  newFollowers: number;
  unfollows: number;
}

/** The creator's hours with any activity in the span, oldest first. */
export async function creatorHours(db: Db, creatorId: string, span: HourSpan): Promise<CreatorHour[]> {
  const rows = await db
    .selectFrom('analytics_creator_hours')
    .select(['hour', 'views', 'likes', 'comments', 'new_followers', 'unfollows'])
    .where('creator_id', '=', creatorId)
    .where('hour', '>=', span.from)
    .where('hour', '<', span.to)
    .orderBy('hour')
    .execute();
  return rows.map((r) => ({
    hour: new Date(r.hour),
    views: r.views,
    likes: r.likes,
    comments: r.comments,
    newFollowers: r.new_followers,
    unfollows: r.unfollows,
  }));
}

/** How many followers the creator had at `at` (follows minus unfollows of the hours before it). */
export async function followersAt(db: Db, creatorId: string, at: Date): Promise<number> {
  const row = await db
    .selectFrom('analytics_creator_hours')
    .select(sql<number>`coalesce(sum(new_followers - unfollows), 0)::int`.as('followers'))
    .where('creator_id', '=', creatorId)
    .where('hour', '<', at)
    .executeTakeFirst();
  return row?.followers ?? 0;
}

export interface PostActivity {
  postId: string;
  kind: 'text' | 'video';
  content: string | null;
  title: string | null;
  category: string | null;
  createdAt: Date;
  views: number;
  likes: number;
  comments: number;
}

/**
 * The creator's posts with activity in the span, most viewed first (then most liked, newest), at
 * most `limit`; a post deleted before the span's end is left out (it was gone by then).
 */
export async function topPosts(db: Db, creatorId: string, span: HourSpan, limit: number): Promise<PostActivity[]> {
  const rows = await postActivity(db, creatorId, span)
    .orderBy('views', 'desc')
    .orderBy('likes', 'desc')
    .orderBy('p.created_at', 'desc')
    .orderBy('p.post_id')
    .limit(limit)
    .execute();
  return rows.map(toPostActivity);
}

/** Per video category: how many of the creator's videos had activity in the span, and their sums. */
export async function categoryActivity(
  db: Db,
  creatorId: string,
  span: HourSpan,
): Promise<Array<{ category: string; posts: number; views: number; likes: number; comments: number }>> {
  const rows = await db
    .selectFrom(postActivity(db, creatorId, span).as('a'))
    .select((eb) => [
      'a.category',
      eb.fn.countAll<number>().as('posts'),
      sql<number>`sum(a.views)::int`.as('views'),
      sql<number>`sum(a.likes)::int`.as('likes'),
      sql<number>`sum(a.comments)::int`.as('comments'),
    ])
    .where('a.category', 'is not', null)
    .groupBy('a.category')
    .execute();
  return rows.map((r) => ({
    category: r.category!,
    posts: Number(r.posts),
    views: r.views,
    likes: r.likes,
    comments: r.comments,
  }));
}

function postActivity(db: Db, creatorId: string, span: HourSpan) {
  return db
    .selectFrom('analytics_post_hours as h')
    .innerJoin('analytics_posts as p', 'p.post_id', 'h.post_id')
    .select([
      'p.post_id',
      'p.kind',
      'p.content',
      'p.title',
      'p.category',
      'p.created_at',
      sql<number>`sum(h.views)::int`.as('views'),
      sql<number>`sum(h.likes)::int`.as('likes'),
      sql<number>`sum(h.comments)::int`.as('comments'),
    ])
    .where('h.author_id', '=', creatorId)
    .where('h.hour', '>=', span.from)
    .where('h.hour', '<', span.to)
    .where((eb) => eb.or([eb('p.deleted_at', 'is', null), eb('p.deleted_at', '>=', span.to)]))
    .groupBy(['p.post_id', 'p.kind', 'p.content', 'p.title', 'p.category', 'p.created_at']);
}

function toPostActivity(r: {
  post_id: string;
  kind: 'text' | 'video';
  content: string | null;
  title: string | null;
  category: string | null;
  created_at: Date;
  views: number;
  likes: number;
  comments: number;
}): PostActivity {
  return {
    postId: r.post_id,
    kind: r.kind,
    content: r.content,
    title: r.title,
    category: r.category,
    createdAt: new Date(r.created_at),
    views: r.views,
    likes: r.likes,
    comments: r.comments,
  };
}

/** Views in the span by the viewers' age group, device and country (`dimension` age | device | country); countries largest first. */
export async function audienceBreakdown(
  db: Db,
  creatorId: string,
  span: HourSpan,
): Promise<Array<{ dimension: 'age' | 'device' | 'country'; value: string; views: number }>> {
  const columns = [
    ...Object.entries(AGE_COLUMNS).map(([value, column]) => ({ dimension: 'age' as const, value, column })),
    ...Object.entries(DEVICE_COLUMNS).map(([value, column]) => ({ dimension: 'device' as const, value, column })),
  ];
  const [sums, countries] = await Promise.all([
    db
      .selectFrom('analytics_creator_hours')
      .select(columns.map(({ column }) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)::int`.as(column)))
      .where('creator_id', '=', creatorId)
      .where('hour', '>=', span.from)
      .where('hour', '<', span.to)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('analytics_country_hours')
      .select(['country', sql<number>`sum(views)::int`.as('views')])
      .where('creator_id', '=', creatorId)
      .where('hour', '>=', span.from)
      .where('hour', '<', span.to)
      .groupBy('country')
      .orderBy('views', 'desc')
      .orderBy('country')
      .execute(),
  ]);
  const totals = sums as Record<string, number>;
  return [
    ...columns.map(({ dimension, value, column }) => ({ dimension, value, views: totals[column] ?? 0 })),
    ...countries.map((c) => ({ dimension: 'country' as const, value: c.country, views: c.views })),
  ];
}

export interface AnalyticsAccessRow {
  viewerId: string;
  creatorId: string;
  timeframe: string;
  asOf: string | null;
  viewedAt: Date;
  /** Where the next page continues after this row. */
  pageKey: PageKey;
}

/** Analysts' reads of other creators' analytics, newest first (then higher event id), strictly before `before`. */
export async function analyticsAccessPage(
  db: Db,
  { before, limit }: { before?: PageKey | undefined; limit: number },
): Promise<AnalyticsAccessRow[]> {
  let query = db.selectFrom('analytics_accesses').selectAll();
  if (before)
    query = query.where(sql<boolean>`(viewed_at, event_id) < (${before.at}::timestamptz, ${before.id}::text)`);
  const rows = await query.orderBy('viewed_at', 'desc').orderBy('event_id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    viewerId: r.viewer_id,
    creatorId: r.creator_id,
    timeframe: r.timeframe,
    asOf: r.as_of,
    viewedAt: new Date(r.viewed_at),
    pageKey: { at: new Date(r.viewed_at), id: r.event_id },
  }));
}

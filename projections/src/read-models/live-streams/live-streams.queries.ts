import type { QueryCreator } from 'kysely';
import type { LiveStream, LiveStreamCategory, StreamChatMessage, UpcomingStream } from '@myworld/schemas';
import type { LiveStreamsDb } from './live-streams.projection.ts';

type Db = QueryCreator<LiveStreamsDb>;

function selectStreams(db: Db) {
  return db
    .selectFrom('live_streams as s')
    .leftJoin('live_stream_users as u', 'u.user_id', 's.user_id')
    .selectAll('s')
    .select(['u.username', 'u.profile_image_url', 'u.is_verified']);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectStreams>['executeTakeFirstOrThrow']>>;

/** A row as the LiveStream entity the API answers with. */
export function toLiveStream(row: Row): LiveStream {
  return {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    category: row.category as LiveStreamCategory,
    tags: row.tags,
    allowDuets: row.allow_duets,
    thumbnailUrl: row.thumbnail_url,
    viewerCount: row.viewer_count,
    totalGiftsReceived: Number(row.total_gifts_received),
    isActive: row.is_active,
    isScheduled: row.is_scheduled,
    scheduledFor: row.scheduled_for?.toISOString() ?? null,
    startedAt: row.started_at?.toISOString() ?? null,
    endedAt: row.ended_at?.toISOString() ?? null,
    streamerUsername: row.username ?? null,
    duetPartnerId: row.duet_partner_id,
    user: {
      username: row.username ?? null,
      profileImageUrl: row.profile_image_url ?? null,
      isVerified: row.is_verified ?? false,
    },
  };
}

/** Live now, newest first (the API re-orders by the viewer counts it keeps in Redis); one category or all; none hidden. */
export async function activeLiveStreams(
  db: Db,
  options: { category?: LiveStreamCategory; limit?: number } = {},
): Promise<LiveStream[]> {
  let query = selectStreams(db).where('s.is_active', '=', true).where('s.hidden', '=', false);
  if (options.category) query = query.where('s.category', '=', options.category);
  const rows = await query
    .orderBy('s.viewer_count', 'desc')
    .orderBy('s.started_at', 'desc')
    .limit(options.limit ?? 100)
    .execute();
  return rows.map(toLiveStream);
}

/**
 * One page of the streams live since before `before`, by id after `afterId`: what the dead-stream
 * sweep checks for media (a stream younger than the timeout cannot be dead yet).
 */
export async function activeStreamsStartedBefore(
  db: Db,
  before: Date,
  { afterId = '', limit = 500 } = {},
): Promise<Array<{ id: string; startedAt: Date }>> {
  const rows = await db
    .selectFrom('live_streams')
    .select(['id', 'started_at'])
    .where('is_active', '=', true)
    .where('started_at', '<', before)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, startedAt: row.started_at! }));
}

/** Live and scheduled streams (the "Live Now" / "Upcoming Streams" listing), none hidden. */
export async function liveAndUpcomingStreams(db: Db, limit = 100): Promise<LiveStream[]> {
  const rows = await selectStreams(db)
    .where((eb) => eb.or([eb('s.is_active', '=', true), eb('s.is_scheduled', '=', true)]))
    .where('s.hidden', '=', false)
    .orderBy('s.is_active', 'desc')
    .orderBy('s.viewer_count', 'desc')
    .orderBy('s.scheduled_for', 'asc')
    .orderBy('s.started_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toLiveStream);
}

/** One stream; one hidden by moderation pending review only for its owner (`viewerId`). */
export async function liveStreamById(
  db: Db,
  id: string,
  viewerId: string | null = null,
): Promise<LiveStream | undefined> {
  const row = await selectStreams(db)
    .where('s.id', '=', id)
    .where((eb) =>
      viewerId ? eb.or([eb('s.hidden', '=', false), eb('s.user_id', '=', viewerId)]) : eb('s.hidden', '=', false),
    )
    .executeTakeFirst();
  return row && toLiveStream(row);
}

/** The newest `limit` chat messages of a stream, oldest first. */
export async function recentStreamChat(db: Db, streamId: string, limit = 50): Promise<StreamChatMessage[]> {
  const rows = await db
    .selectFrom('live_stream_chat_messages as m')
    .leftJoin('live_stream_users as u', 'u.user_id', 'm.user_id')
    .select(['m.id', 'm.content', 'm.posted_at', 'm.user_id', 'u.username', 'u.profile_image_url'])
    .where('m.stream_id', '=', streamId)
    .orderBy('m.stream_version', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: r.posted_at.toISOString(),
    user: { id: r.user_id, username: r.username ?? null, profileImageUrl: r.profile_image_url ?? null },
  }));
}

/** A user's public name and picture, for chat messages sent over the socket. */
export async function liveStreamUser(
  db: Db,
  userId: string,
): Promise<{ username: string; profileImageUrl: string | null } | undefined> {
  const row = await db
    .selectFrom('live_stream_users')
    .select(['username', 'profile_image_url'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row && { username: row.username, profileImageUrl: row.profile_image_url };
}

/** Where a page of upcoming streams continues: after this start time, then after this id. */
export interface UpcomingKey {
  readonly at: Date;
  readonly id: string;
}

/**
 * One page of scheduled streams (none hidden) from the live_streams read model, soonest first (ties by id), each
 * with its reminder count and whether `readerId` asked to be reminded. Fetches `limit + 1` rows so
 * the caller knows whether there is more.
 */
export async function upcomingStreamsPage(
  db: Db,
  { after, limit, readerId }: { after?: UpcomingKey | undefined; limit: number; readerId: string | null },
): Promise<{ streams: UpcomingStream[]; next: UpcomingKey | null }> {
  let query = selectStreams(db)
    .select((eb) => [
      eb
        .selectFrom('live_stream_reminders as r')
        .select((c) => c.fn.countAll<string>().as('n'))
        .whereRef('r.stream_id', '=', 's.id')
        .as('reminder_count'),
      eb
        .exists(
          eb
            .selectFrom('live_stream_reminders as mine')
            .select('mine.user_id')
            .whereRef('mine.stream_id', '=', 's.id')
            .where('mine.user_id', '=', readerId ?? ''),
        )
        .as('reminded'),
    ])
    .where('s.is_scheduled', '=', true)
    .where('s.hidden', '=', false);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('s.scheduled_for', '>', after.at),
        eb.and([eb('s.scheduled_for', '=', after.at), eb('s.id', '>', after.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('s.scheduled_for', 'asc')
    .orderBy('s.id', 'asc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const streams = page.map((row) => ({
    ...toLiveStream(row),
    reminderCount: Number(row.reminder_count ?? 0),
    reminded: readerId !== null && Boolean(row.reminded),
  }));
  const last = page.at(-1);
  return { streams, next: rows.length > limit && last ? { at: last.scheduled_for!, id: last.id } : null };
}

/** One page (by id, after `after`) of scheduled streams not ended whose start time is later than `since`. */
export function scheduledStreamsSince(
  db: Db,
  since: Date,
  after: string,
  limit: number,
): Promise<Array<{ id: string; scheduled_for: Date | null }>> {
  return db
    .selectFrom('live_streams')
    .select(['id', 'scheduled_for'])
    .where('scheduled_for', '>', since)
    .where('ended_at', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

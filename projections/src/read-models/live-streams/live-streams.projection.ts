import { sql } from 'kysely';
import { streamThumbnailPath, type EventType } from '@myworld/schemas';
import {
  defineProjection,
  type ProjectionContext,
  type ProjectionHandler,
  type TypedRecordedEvent,
} from '../../projection.ts';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';

/**
 * The live listings and the stream page: one row per live stream (the LiveStream entity the API
 * answers with, live or scheduled), the streamers' public names (from UserRegistered, so this
 * read model needs no other one), each stream's chat, the reminders asked for scheduled streams,
 * and the gifts' totals (from the gift events, which carry their stream). A stream a moderator
 * removed leaves every table (a suspended user's streams with it); one hidden pending review stays
 * out of the listings. A deleted account's streams go as a suspended user's do, with their name;
 * what they said in others' chats shows the redaction.
 */
export interface LiveStreamsDb {
  live_streams: {
    id: string;
    user_id: string;
    title: string;
    description: string;
    category: string;
    tags: string[];
    allow_duets: boolean;
    thumbnail_url: string | null;
    viewer_count: number;
    total_gifts_received: number;
    is_active: boolean;
    is_scheduled: boolean;
    scheduled_for: Date | null;
    started_at: Date | null;
    ended_at: Date | null;
    end_reason: string | null;
    duet_partner_id: string | null;
    chat_message_count: number;
    /** Hidden by moderation pending review: out of the listings. */
    hidden: boolean;
  };
  /** Who asked to be reminded of a scheduled stream (the workers mail them when it starts). */
  live_stream_reminders: {
    stream_id: string;
    user_id: string;
    requested_at: Date;
  };
  live_stream_users: {
    user_id: string;
    username: string;
    profile_image_url: string | null;
    is_verified: boolean;
  };
  live_stream_chat_messages: {
    id: string;
    stream_id: string;
    user_id: string;
    content: string;
    posted_at: Date;
    /** The event's version in its stream: orders messages posted in the same millisecond. */
    stream_version: number;
  };
}

/** A handler of this read model for events of type T. */
type On<T extends EventType> = ProjectionHandler<LiveStreamsDb, TypedRecordedEvent<T>>;

type Setup = TypedRecordedEvent<'LiveStreamStarted'>['data'] | TypedRecordedEvent<'LiveStreamScheduled'>['data'];

/** A new row: live now (`startedAt`) or scheduled (`scheduledFor`). */
function newStream(d: Setup, when: { startedAt: string } | { scheduledFor: string }) {
  const live = 'startedAt' in when;
  return {
    id: d.streamId,
    user_id: d.userId,
    title: d.title,
    description: d.description,
    category: d.category,
    tags: d.tags,
    allow_duets: d.allowDuets,
    thumbnail_url: null,
    viewer_count: 0,
    total_gifts_received: 0,
    is_active: live,
    is_scheduled: !live,
    scheduled_for: live ? null : new Date(when.scheduledFor),
    started_at: live ? new Date(when.startedAt) : null,
    ended_at: null,
    end_reason: null,
    duet_partner_id: null,
    chat_message_count: 0,
    hidden: false,
  };
}

const started: On<'LiveStreamStarted'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('live_streams')
    .values(newStream(d, { startedAt: d.startedAt }))
    .execute();
};

const scheduled: On<'LiveStreamScheduled'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('live_streams')
    .values(newStream(d, { scheduledFor: d.scheduledFor }))
    .execute();
};

const wentLive: On<'LiveStreamWentLive'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    .set({ is_active: true, is_scheduled: false, started_at: new Date(d.startedAt) })
    .where('id', '=', d.streamId)
    .execute();
};

/** The newest frame is the thumbnail; its number in the address tells caches frames apart. */
const thumbnailUpdated: On<'LiveStreamThumbnailUpdated'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    .set({ thumbnail_url: streamThumbnailPath(d.streamId, d.frame) })
    .where('id', '=', d.streamId)
    .execute();
};

const reminderRequested: On<'LiveStreamReminderRequested'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('live_stream_reminders')
    .values({ stream_id: d.streamId, user_id: d.userId, requested_at: new Date(d.requestedAt) })
    .onConflict((oc) => oc.columns(['stream_id', 'user_id']).doNothing())
    .execute();
};

const reminderCancelled: On<'LiveStreamReminderCancelled'> = async ({ db }, { data: d }) => {
  await db
    .deleteFrom('live_stream_reminders')
    .where('stream_id', '=', d.streamId)
    .where('user_id', '=', d.userId)
    .execute();
};

const duetStarted: On<'LiveStreamDuetStarted'> = async ({ db }, { data: d }) => {
  await db.updateTable('live_streams').set({ duet_partner_id: d.partnerId }).where('id', '=', d.streamId).execute();
};

const duetEnded: On<'LiveStreamDuetEnded'> = async ({ db }, { data: d }) => {
  await db.updateTable('live_streams').set({ duet_partner_id: null }).where('id', '=', d.streamId).execute();
};

// Gifts count once paid, and refunds (possibly partial) and lost disputes take their part back.
const giftPaid: On<'GiftPaid'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    .set((eb) => ({ total_gifts_received: eb('total_gifts_received', '+', d.amountCents) }))
    .where('id', '=', d.streamId)
    .execute();
};

const giftRefunded: On<'GiftRefunded'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    .set((eb) => ({ total_gifts_received: eb('total_gifts_received', '-', d.refundedCents) }))
    .where('id', '=', d.streamId)
    .execute();
};

const giftDisputeClosed: On<'GiftDisputeClosed'> = async ({ db }, { data: d }) => {
  if (d.reversedCents === 0) return;
  await db
    .updateTable('live_streams')
    .set((eb) => ({ total_gifts_received: eb('total_gifts_received', '-', d.reversedCents) }))
    .where('id', '=', d.streamId)
    .execute();
};

// Who watches now is presence in Redis (command-api live-streams/presence.ts), not the log: the
// log keeps at most one LiveStreamViewerJoined per viewer per stream per hour (analytics) and no
// longer any LiveStreamViewerLeft, so `viewer_count` stays 0 here and the API fills it in.

const chatPosted: On<'LiveStreamChatMessagePosted'> = async ({ db }, event) => {
  const d = event.data;
  await db
    .insertInto('live_stream_chat_messages')
    .values({
      id: d.messageId,
      stream_id: d.streamId,
      user_id: d.userId,
      content: d.content,
      posted_at: new Date(d.postedAt),
      stream_version: Number(event.version),
    })
    .execute();
  await db
    .updateTable('live_streams')
    .set((eb) => ({ chat_message_count: eb('chat_message_count', '+', 1) }))
    .where('id', '=', d.streamId)
    .execute();
};

const ended: On<'LiveStreamEnded'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    // A cancelled scheduled stream is no longer upcoming; an ended stream's duet ends with it, and
    // its thumbnail (the workers delete the frame).
    .set({
      thumbnail_url: null,
      is_active: false,
      is_scheduled: false,
      viewer_count: 0,
      ended_at: new Date(d.endedAt),
      end_reason: d.reason,
      duet_partner_id: null,
    })
    .where('id', '=', d.streamId)
    .execute();
};

/** The stream with this id (or every stream of this user) leaves with its reminders and chat. */
async function dropStreams(
  db: ProjectionContext<LiveStreamsDb>['db'],
  by: 'id' | 'user_id',
  value: string,
): Promise<void> {
  const gone = await db.deleteFrom('live_streams').where(by, '=', value).returning('id').execute();
  const ids = gone.map((g) => g.id);
  if (ids.length === 0) return;
  await db.deleteFrom('live_stream_reminders').where('stream_id', 'in', ids).execute();
  await db.deleteFrom('live_stream_chat_messages').where('stream_id', 'in', ids).execute();
}

/** A removed stream (or every stream of a removed user) leaves. */
const contentRemoved: On<'ContentRemoved'> = async ({ db }, { data: d }) => {
  if (d.contentType === 'stream') await dropStreams(db, 'id', d.contentId);
  if (d.contentType === 'user') await dropStreams(db, 'user_id', d.contentId);
};

const accountDeleted: On<'AccountDeleted'> = async ({ db }, { data: d }) => {
  await dropStreams(db, 'user_id', d.userId);
  await db
    .updateTable('live_stream_chat_messages')
    .set({ content: REDACTED_TEXT })
    .where('user_id', '=', d.userId)
    .execute();
  await db.deleteFrom('live_stream_users').where('user_id', '=', d.userId).execute();
};

const setHidden =
  (hidden: boolean): On<'ContentHidden' | 'ContentRestored'> =>
  async ({ db }, { data: d }) => {
    if (d.contentType === 'stream')
      await db.updateTable('live_streams').set({ hidden }).where('id', '=', d.contentId).execute();
  };

/**
 * Accounts' UserRegistered gives the streamer's public name. The event has no picture and no
 * verified flag: those start empty (null, false) until profile events carry them.
 */
const userRegistered: On<'UserRegistered'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('live_stream_users')
    .values({ user_id: d.userId, username: d.username, profile_image_url: null, is_verified: false })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ username: d.username }))
    .execute();
};

export const liveStreamsProjection = defineProjection<LiveStreamsDb>({
  name: 'live_streams',
  // 2: viewer joins and leaves no longer count viewers (presence moved to Redis).
  // 3: scheduled streams and their reminders, duet partners, gift totals.
  // 4: streams removed by moderators leave; hidden ones leave the listings.
  // 5: deleted accounts leave with their streams; their chat messages show the redaction.
  // 6: lost gift disputes take their money back from the gift totals.
  // 7: thumbnails (frames the streamers' clients send), gone when the stream ends.
  version: 7,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'live_streams')} (
        id text primary key,
        user_id text not null,
        title text not null,
        description text not null,
        category text not null,
        tags text[] not null,
        allow_duets boolean not null,
        thumbnail_url text,
        viewer_count integer not null,
        total_gifts_received bigint not null,
        is_active boolean not null,
        is_scheduled boolean not null,
        scheduled_for timestamptz,
        started_at timestamptz,
        ended_at timestamptz,
        end_reason text,
        duet_partner_id text,
        chat_message_count integer not null,
        hidden boolean not null default false
      );
      create index on ${sql.id(schema, 'live_streams')} (is_active, category, viewer_count desc, started_at desc);
      create index on ${sql.id(schema, 'live_streams')} (user_id, started_at desc);
      create index on ${sql.id(schema, 'live_streams')} (scheduled_for, id) where is_scheduled;
      create table ${sql.id(schema, 'live_stream_reminders')} (
        stream_id text not null,
        user_id text not null,
        requested_at timestamptz not null,
        primary key (stream_id, user_id)
      );
      create table ${sql.id(schema, 'live_stream_users')} (
        user_id text primary key,
        username text not null,
        profile_image_url text,
        is_verified boolean not null
      );
      create table ${sql.id(schema, 'live_stream_chat_messages')} (
        id text primary key,
        stream_id text not null,
        user_id text not null,
        content text not null,
        posted_at timestamptz not null,
        stream_version bigint not null
      );
      create index on ${sql.id(schema, 'live_stream_chat_messages')} (stream_id, stream_version desc);
    `.execute(db);
  },
  handlers: {
    LiveStreamStarted: started,
    LiveStreamChatMessagePosted: chatPosted,
    LiveStreamEnded: ended,
    LiveStreamScheduled: scheduled,
    LiveStreamWentLive: wentLive,
    LiveStreamThumbnailUpdated: thumbnailUpdated,
    LiveStreamReminderRequested: reminderRequested,
    LiveStreamReminderCancelled: reminderCancelled,
    LiveStreamDuetStarted: duetStarted,
    LiveStreamDuetEnded: duetEnded,
    GiftPaid: giftPaid,
    GiftRefunded: giftRefunded,
    GiftDisputeClosed: giftDisputeClosed,
    UserRegistered: userRegistered,
    ContentRemoved: contentRemoved,
    AccountDeleted: accountDeleted,
    ContentHidden: setHidden(true),
    ContentRestored: setHidden(false),
  },
});

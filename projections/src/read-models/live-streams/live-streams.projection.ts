import { sql } from 'kysely';
import type { EventType } from '@myworld/schemas';
import { defineProjection, type ProjectionHandler, type TypedRecordedEvent } from '../../projection.ts';

/**
 * The live listings and the stream page: one row per live stream (the LiveStream entity the API
 * answers with), the streamers' public names (from UserRegistered, so this read model needs no
 * other one), and each stream's chat.
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

const started: On<'LiveStreamStarted'> = async ({ db }, { data: d }) => {
  await db
    .insertInto('live_streams')
    .values({
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
      is_active: true,
      is_scheduled: false,
      scheduled_for: null,
      started_at: new Date(d.startedAt),
      ended_at: null,
      end_reason: null,
      duet_partner_id: null,
      chat_message_count: 0,
    })
    .execute();
};

// Who watches now is presence in Redis (command-api live-streams/presence.ts), not the log: the
// log keeps at most one LiveStreamViewerJoined per viewer per stream per hour (analytics) and no
// longer any LiveStreamViewerLeft, so `viewer_count` stays 0 here and the API fills it in.

const chatPosted: On<'LiveStreamChatMessagePosted'> = async ({ db }, event) => {
  const d = event.data;
  await db
    .insertInto('live_stream_chat_messages')
    .values({ id: d.messageId, stream_id: d.streamId, user_id: d.userId, content: d.content, posted_at: new Date(d.postedAt), stream_version: Number(event.version) })
    .execute();
  await db.updateTable('live_streams').set((eb) => ({ chat_message_count: eb('chat_message_count', '+', 1) })).where('id', '=', d.streamId).execute();
};

const ended: On<'LiveStreamEnded'> = async ({ db }, { data: d }) => {
  await db
    .updateTable('live_streams')
    .set({ is_active: false, viewer_count: 0, ended_at: new Date(d.endedAt), end_reason: d.reason })
    .where('id', '=', d.streamId)
    .execute();
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
  version: 2,
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
        chat_message_count integer not null
      );
      create index on ${sql.id(schema, 'live_streams')} (is_active, category, viewer_count desc, started_at desc);
      create index on ${sql.id(schema, 'live_streams')} (user_id, started_at desc);
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
    UserRegistered: userRegistered,
  },
});

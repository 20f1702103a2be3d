import { sql } from 'kysely';
import { liveStreamEventSchemas, type LiveStreamEventType } from '@myworld/schemas';
import type { RecordedEvent } from '@myworld/eventstore';
import { defineProjection, type ProjectionHandler } from '../projection.ts';

/**
 * The live listings and the stream page: one row per live stream (the spec's Live stream entity),
 * the streamers' public names (from UserRegistered, so this read model needs no other one), and
 * each stream's chat.
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

/** Reads an event's payload with its schema: a payload that does not match is a bug worth stopping for. */
function payload<T extends LiveStreamEventType>(type: T, event: RecordedEvent) {
  return liveStreamEventSchemas[type].parse(event.data) as import('zod').infer<(typeof liveStreamEventSchemas)[T]>;
}

type Handler = ProjectionHandler<LiveStreamsDb>;

const started: Handler = async ({ db }, event) => {
  const d = payload('LiveStreamStarted', event);
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

const viewerJoined: Handler = async ({ db }, event) => {
  const d = payload('LiveStreamViewerJoined', event);
  await db.updateTable('live_streams').set((eb) => ({ viewer_count: eb('viewer_count', '+', 1) })).where('id', '=', d.streamId).execute();
};

const viewerLeft: Handler = async ({ db }, event) => {
  const d = payload('LiveStreamViewerLeft', event);
  await db
    .updateTable('live_streams')
    .set(() => ({ viewer_count: sql<number>`greatest(viewer_count - 1, 0)` }))
    .where('id', '=', d.streamId)
    .execute();
};

const chatPosted: Handler = async ({ db }, event) => {
  const d = payload('LiveStreamChatMessagePosted', event);
  await db
    .insertInto('live_stream_chat_messages')
    .values({ id: d.messageId, stream_id: d.streamId, user_id: d.userId, content: d.content, posted_at: new Date(d.postedAt), stream_version: Number(event.version) })
    .execute();
  await db.updateTable('live_streams').set((eb) => ({ chat_message_count: eb('chat_message_count', '+', 1) })).where('id', '=', d.streamId).execute();
};

const ended: Handler = async ({ db }, event) => {
  const d = payload('LiveStreamEnded', event);
  await db
    .updateTable('live_streams')
    .set({ is_active: false, viewer_count: 0, ended_at: new Date(d.endedAt), end_reason: d.reason })
    .where('id', '=', d.streamId)
    .execute();
};

/** Accounts' UserRegistered: only the public parts this read model shows are kept. */
const userRegistered: Handler = async ({ db }, event) => {
  const d = event.data as { userId?: unknown; username?: unknown; profileImageUrl?: unknown; isVerified?: unknown };
  if (typeof d.userId !== 'string' || typeof d.username !== 'string') return;
  const row = {
    user_id: d.userId,
    username: d.username,
    profile_image_url: typeof d.profileImageUrl === 'string' ? d.profileImageUrl : null,
    is_verified: d.isVerified === true,
  };
  await db
    .insertInto('live_stream_users')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ username: row.username }))
    .execute();
};

export const liveStreamsProjection = defineProjection<LiveStreamsDb>({
  name: 'live_streams',
  version: 1,
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
    LiveStreamViewerJoined: viewerJoined,
    LiveStreamViewerLeft: viewerLeft,
    LiveStreamChatMessagePosted: chatPosted,
    LiveStreamEnded: ended,
    UserRegistered: userRegistered,
  },
});

import { sql } from 'kysely';
import { defineProjection } from '../projection.ts';

/**
 * The audit timeline: one row per event of every stream (who did what, when, caused by what), and
 * one summary row per stream. Moderators read a report's or a post's whole life from it. It keeps
 * no event payloads, so nothing private (password hashes, tokens) leaks into it.
 */
export interface TimelinesDb {
  timeline_entries: {
    stream: string;
    version: number;
    event_id: string;
    type: string;
    actor_id: string | null;
    correlation_id: string;
    causation_id: string | null;
    occurred_at: Date;
    position: string;
  };
  stream_summaries: {
    stream: string;
    category: string;
    events: number;
    first_at: Date;
    last_at: Date;
    last_type: string;
  };
}

export const timelinesProjection = defineProjection<TimelinesDb>({
  name: 'timelines',
  version: 1,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'timeline_entries')} (
        stream text not null,
        version bigint not null,
        event_id uuid not null,
        type text not null,
        actor_id text,
        correlation_id text not null,
        causation_id text,
        occurred_at timestamptz not null,
        position text not null,
        primary key (stream, version)
      );
      create index on ${sql.id(schema, 'timeline_entries')} (actor_id, occurred_at);
      create table ${sql.id(schema, 'stream_summaries')} (
        stream text primary key,
        category text not null,
        events bigint not null,
        first_at timestamptz not null,
        last_at timestamptz not null,
        last_type text not null
      );
      create index on ${sql.id(schema, 'stream_summaries')} (category, last_at desc);
    `.execute(db);
  },
  handlers: {
    '*': async ({ db }, event) => {
      await db
        .insertInto('timeline_entries')
        .values({
          stream: event.stream,
          version: Number(event.version),
          event_id: event.id,
          type: event.type,
          actor_id: event.metadata.actorId,
          correlation_id: event.metadata.correlationId,
          causation_id: event.metadata.causationId,
          occurred_at: event.createdAt,
          position: `${event.position.commit}/${event.position.prepare}`,
        })
        .execute();
      await db
        .insertInto('stream_summaries')
        .values({
          stream: event.stream,
          category: event.stream.split('-')[0] ?? event.stream,
          events: 1,
          first_at: event.createdAt,
          last_at: event.createdAt,
          last_type: event.type,
        })
        .onConflict((oc) =>
          oc.column('stream').doUpdateSet((eb) => ({
            events: eb('stream_summaries.events', '+', 1),
            last_at: event.createdAt,
            last_type: event.type,
          })),
        )
        .execute();
    },
  },
});

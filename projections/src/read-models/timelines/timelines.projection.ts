import { sql } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';
import { defineProjection } from '../../projection.ts';

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
  // Every event lands here, so the batch path does it in two set-based statements per batch
  // (run with the checkpoint as one statement); the per-event handler below is the same logic
  // for one event (tests build both and compare).
  batchStatements: (schema, events) => {
    const rows = events.map(toEntry);
    // One summary change per stream, folded in order: the last event of the batch sets last_*.
    const perStream = new Map<string, { events: number; first: Date; last: Date; lastType: string }>();
    for (const r of rows) {
      const s = perStream.get(r.stream);
      if (s) Object.assign(s, { events: s.events + 1, last: r.occurred_at, lastType: r.type });
      else perStream.set(r.stream, { events: 1, first: r.occurred_at, last: r.occurred_at, lastType: r.type });
    }
    const streams = [...perStream.keys()];
    const changes = [...perStream.values()];
    return [
      sql`insert into ${sql.id(schema, 'timeline_entries')}
            (stream, version, event_id, type, actor_id, correlation_id, causation_id, occurred_at, position)
          select * from unnest(
            ${rows.map((r) => r.stream)}::text[], ${rows.map((r) => r.version)}::bigint[], ${rows.map((r) => r.event_id)}::uuid[],
            ${rows.map((r) => r.type)}::text[], ${rows.map((r) => r.actor_id)}::text[], ${rows.map((r) => r.correlation_id)}::text[],
            ${rows.map((r) => r.causation_id)}::text[], ${rows.map((r) => r.occurred_at.toISOString())}::timestamptz[], ${rows.map((r) => r.position)}::text[])`,
      sql`insert into ${sql.id(schema, 'stream_summaries')} as s (stream, category, events, first_at, last_at, last_type)
          select * from unnest(
            ${streams}::text[], ${streams.map(categoryOf)}::text[], ${changes.map((c) => c.events)}::bigint[],
            ${changes.map((c) => c.first.toISOString())}::timestamptz[], ${changes.map((c) => c.last.toISOString())}::timestamptz[], ${changes.map((c) => c.lastType)}::text[])
          on conflict (stream) do update set events = s.events + excluded.events, last_at = excluded.last_at, last_type = excluded.last_type`,
    ];
  },
  handlers: {
    '*': async ({ db }, event) => {
      await db.insertInto('timeline_entries').values(toEntry(event)).execute();
      await db
        .insertInto('stream_summaries')
        .values({ stream: event.stream, category: categoryOf(event.stream), events: 1, first_at: event.createdAt, last_at: event.createdAt, last_type: event.type })
        .onConflict((oc) =>
          oc.column('stream').doUpdateSet((eb) => ({ events: eb('stream_summaries.events', '+', 1), last_at: event.createdAt, last_type: event.type })),
        )
        .execute();
    },
  },
});

/** Stream names are "<category>-<id>" (user-…, post-…, report-…). */
function categoryOf(stream: string): string {
  return stream.split('-')[0] ?? stream;
}

function toEntry(event: RecordedEvent): TimelinesDb['timeline_entries'] {
  return {
    stream: event.stream,
    version: Number(event.version),
    event_id: event.id,
    type: event.type,
    actor_id: event.metadata.actorId,
    correlation_id: event.metadata.correlationId,
    causation_id: event.metadata.causationId,
    occurred_at: event.createdAt,
    position: `${event.position.commit}/${event.position.prepare}`,
  };
}

import { sql } from 'kysely';
import type { RecordedEvent } from '@myworld/eventstore';
import { defineProjection } from '../../projection.ts';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';
import { engagementHours } from './engagement-hours.ts';
import { timelineFacts, type TimelineFacts } from './timeline-facts.ts';

/**
 * The audit timeline: one row per event of every stream (who did what, when, caused by what), one
 * summary row per stream, and engagement counts per item per hour. Moderators read a report's
 * whole life, and the reported content's, from it. It keeps no event payloads: only the facts
 * timeline-facts.ts derives (which item, whose, a report's description or a moderator's note), so
 * nothing private (message text, password hashes, tokens, emails) leaks into it. Once an account is
 * deleted, the descriptions of the reports it filed read as the redaction, as in a replay.
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
    subject: string | null;
    owner_id: string | null;
    reported: string | null;
    note: string | null;
    detail: string | null;
  };
  stream_summaries: {
    stream: string;
    category: string;
    events: number;
    first_at: Date;
    last_at: Date;
    last_type: string;
  };
  /** Per item, hour (UTC) and kind of engagement: how many, and the first and last of them. */
  engagement_hours: {
    subject: string;
    hour: Date;
    kind: string;
    count: number;
    first_at: Date;
    last_at: Date;
  };
}

export const timelinesProjection = defineProjection<TimelinesDb>({
  name: 'timelines',
  // 3: a deleted account's report descriptions are redacted.
  // 4: AccountReinstated keeps its subject, owner and note.
  version: 4,
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
        subject text,
        owner_id text,
        reported text,
        note text,
        detail text,
        primary key (stream, version)
      );
      create index on ${sql.id(schema, 'timeline_entries')} (actor_id, occurred_at);
      create index on ${sql.id(schema, 'timeline_entries')} (subject, occurred_at) where subject is not null;
      create index on ${sql.id(schema, 'timeline_entries')} (owner_id, subject) where owner_id is not null;
      create index on ${sql.id(schema, 'timeline_entries')} (reported) where reported is not null;
      create table ${sql.id(schema, 'stream_summaries')} (
        stream text primary key,
        category text not null,
        events bigint not null,
        first_at timestamptz not null,
        last_at timestamptz not null,
        last_type text not null
      );
      create index on ${sql.id(schema, 'stream_summaries')} (category, last_at desc);
      create table ${sql.id(schema, 'engagement_hours')} (
        subject text not null,
        hour timestamptz not null,
        kind text not null,
        count bigint not null,
        first_at timestamptz not null,
        last_at timestamptz not null,
        primary key (subject, hour, kind)
      );
    `.execute(db);
  },
  // Every event lands here, so it is applied in set-based statements per batch (run with the
  // checkpoint as one statement); a single event is a batch of one.
  batchStatements: (schema, events) => {
    const facts = events.map(timelineFacts);
    const rows = events.map((event, i) => toEntry(event, facts[i]!));
    // A deletion reaches the batch's own earlier rows here, and earlier batches' rows in SQL.
    const deleted = events.flatMap((event) => deletedAccountOf(event) ?? []);
    for (const [i, event] of events.entries()) {
      const by = deletedAccountOf(event);
      if (by)
        for (const earlier of rows.slice(0, i)) if (isReportBy(earlier, by)) earlier.note = redactedNote(earlier.note);
    }
    // One summary change per stream, folded in order: the last event of the batch sets last_*.
    const perStream = new Map<string, { events: number; first: Date; last: Date; lastType: string }>();
    for (const r of rows) {
      const s = perStream.get(r.stream);
      if (s) Object.assign(s, { events: s.events + 1, last: r.occurred_at, lastType: r.type });
      else perStream.set(r.stream, { events: 1, first: r.occurred_at, last: r.occurred_at, lastType: r.type });
    }
    const streams = [...perStream.keys()];
    const changes = [...perStream.values()];
    const statements = [
      sql`insert into ${sql.id(schema, 'timeline_entries')}
            (stream, version, event_id, type, actor_id, correlation_id, causation_id, occurred_at, position, subject, owner_id, reported, note, detail)
          select * from unnest(
            ${rows.map((r) => r.stream)}::text[], ${rows.map((r) => r.version)}::bigint[], ${rows.map((r) => r.event_id)}::uuid[],
            ${rows.map((r) => r.type)}::text[], ${rows.map((r) => r.actor_id)}::text[], ${rows.map((r) => r.correlation_id)}::text[],
            ${rows.map((r) => r.causation_id)}::text[], ${rows.map((r) => r.occurred_at.toISOString())}::timestamptz[], ${rows.map((r) => r.position)}::text[],
            ${rows.map((r) => r.subject)}::text[], ${rows.map((r) => r.owner_id)}::text[], ${rows.map((r) => r.reported)}::text[],
            ${rows.map((r) => r.note)}::text[], ${rows.map((r) => r.detail)}::text[])`,
      sql`insert into ${sql.id(schema, 'stream_summaries')} as s (stream, category, events, first_at, last_at, last_type)
          select * from unnest(
            ${streams}::text[], ${streams.map(categoryOf)}::text[], ${changes.map((c) => c.events)}::bigint[],
            ${changes.map((c) => c.first.toISOString())}::timestamptz[], ${changes.map((c) => c.last.toISOString())}::timestamptz[], ${changes.map((c) => c.lastType)}::text[])
          on conflict (stream) do update set events = s.events + excluded.events, last_at = excluded.last_at, last_type = excluded.last_type`,
    ];
    if (deleted.length > 0) {
      statements.push(sql`update ${sql.id(schema, 'timeline_entries')} set note = ${REDACTED_TEXT}
          where type = 'ReportFiled' and note is not null and actor_id = any(${deleted}::text[])`);
    }
    const hours = engagementHours(events, facts);
    if (hours.length > 0) {
      statements.push(sql`insert into ${sql.id(schema, 'engagement_hours')} as h (subject, hour, kind, count, first_at, last_at)
          select * from unnest(
            ${hours.map((h) => h.subject)}::text[], ${hours.map((h) => h.hour.toISOString())}::timestamptz[], ${hours.map((h) => h.kind)}::text[],
            ${hours.map((h) => h.count)}::bigint[], ${hours.map((h) => h.first_at.toISOString())}::timestamptz[], ${hours.map((h) => h.last_at.toISOString())}::timestamptz[])
          on conflict (subject, hour, kind) do update
            set count = h.count + excluded.count, first_at = least(h.first_at, excluded.first_at), last_at = greatest(h.last_at, excluded.last_at)`);
    }
    return statements;
  },
  handlers: {},
});

/** The user an AccountDeleted deletes (the events come unparsed). */
function deletedAccountOf(event: RecordedEvent): string | undefined {
  const userId = event.type === 'AccountDeleted' ? (event.data as { userId?: unknown } | null)?.userId : undefined;
  return typeof userId === 'string' ? userId : undefined;
}

/** A report's description is its reporter's text (they file it themselves: the actor). */
const isReportBy = (entry: TimelinesDb['timeline_entries'], userId: string) =>
  entry.type === 'ReportFiled' && entry.actor_id === userId;
const redactedNote = (note: string | null) => (note === null ? null : REDACTED_TEXT);

/** Stream names are "<category>-<id>" (user-…, post-…, report-…). */
function categoryOf(stream: string): string {
  return stream.split('-')[0] ?? stream;
}

function toEntry(event: RecordedEvent, facts: TimelineFacts): TimelinesDb['timeline_entries'] {
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
    subject: facts.subject,
    owner_id: facts.ownerId,
    reported: facts.reported,
    note: facts.note,
    detail: facts.detail,
  };
}

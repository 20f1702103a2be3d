import { sql, type QueryCreator } from 'kysely';
import { reportStreamName, type ContentKind, type EngagementCounts, type TimelineSource } from '@myworld/schemas';
import type { PageKey } from '../posts/posts.queries.ts';
import { engagementAction, timelineAction } from './timeline-actions.ts';
import { parseContentKey } from './timeline-facts.ts';
import type { TimelinesDb } from './timelines.projection.ts';

type Db = QueryCreator<TimelinesDb>;

/** Moderation of content, as the author's history shows it. */
const MODERATION_OF_CONTENT = ['ContentRemoved', 'ContentHidden', 'ContentRestored', 'AccountReinstated'];
const REPORT_STREAM_PREFIX = reportStreamName('');

/** One entry of a report's timeline as the read model has it (the route adds the actors' usernames). */
export interface ReportTimelineRow {
  readonly id: string;
  readonly at: Date;
  readonly actorId: string | null;
  readonly action: string;
  readonly note: string | null;
  readonly source: TimelineSource;
  readonly eventType: string | null;
  readonly reportId: string | null;
  readonly content: { kind: ContentKind; id: string } | null;
  readonly engagement: { counts: EngagementCounts; until: Date } | null;
  /** Where the next page starts after this entry. */
  readonly pageKey: PageKey;
}

/**
 * The report's filing (the item it is about and when) and the item's author (the first of its
 * events that names one), or undefined when there is no such report. One round trip: the author
 * is a subquery on the filing's item, not a second query after it.
 */
function reportFiling(db: Db, reportId: string) {
  return db
    .selectFrom('timeline_entries as f')
    .select([
      'f.reported',
      'f.occurred_at as filedAt',
      (eb) =>
        eb
          .selectFrom('timeline_entries as o')
          .select('o.owner_id')
          .whereRef('o.subject', '=', 'f.reported')
          .where('o.owner_id', 'is not', null)
          .orderBy('o.occurred_at')
          .limit(1)
          .as('owner'),
    ])
    .where('f.stream', '=', reportStreamName(reportId))
    .where('f.type', '=', 'ReportFiled')
    .executeTakeFirst();
}

/**
 * One page (oldest first, strictly after `after`) of a report's timeline, merged in SQL from:
 * the report's own events; every event of the reported item, and its engagement per hour; every
 * other report on the item, whole; and the author's history before this report was filed: the
 * reports on their other items (with their outcomes, whenever they came) and the removals, hides
 * and restorations of those items. Ties in time go by log position. Null for an unknown report.
 */
export async function reportTimelinePage(
  db: Db,
  reportId: string,
  { limit, after }: { limit: number; after?: PageKey | undefined },
): Promise<ReportTimelineRow[] | null> {
  const filing = await reportFiling(db, reportId);
  if (!filing) return null;
  const stream = reportStreamName(reportId);
  const item = filing.reported ?? '';
  const owner = filing.reported ? (filing.owner ?? null) : null;

  const events = (source: TimelineSource) =>
    db
      .selectFrom('timeline_entries as e')
      .select([
        sql<string>`${source}::text`.as('source'),
        sql<string>`lpad(split_part(e.position, '/', 1), 20, '0') || '/' || lpad(split_part(e.position, '/', 2), 20, '0')`.as(
          'key',
        ),
        sql<string>`e.event_id::text`.as('id'),
        sql<Date>`e.occurred_at`.as('at'),
        sql<string | null>`e.type`.as('event_type'),
        sql<string | null>`e.actor_id`.as('actor_id'),
        sql<string | null>`e.note`.as('note'),
        sql<string | null>`e.detail`.as('detail'),
        sql<string | null>`e.stream`.as('stream'),
        sql<string | null>`coalesce(e.subject, e.reported)`.as('content_key'),
        sql<Record<string, string> | null>`null::jsonb`.as('counts'),
        sql<Date | null>`null::timestamptz`.as('until'),
      ]);
  const authored = db
    .selectFrom('timeline_entries')
    .select('subject')
    .where('owner_id', '=', owner ?? '')
    .where('subject', '<>', item);
  const engagementHours = db
    .selectFrom('engagement_hours as h')
    .where('h.subject', '=', item)
    .groupBy('h.hour')
    .select([
      sql<string>`'content'::text`.as('source'),
      sql<string>`'h' || lpad(extract(epoch from h.hour)::bigint::text, 20, '0')`.as('key'),
      sql<string>`${item}::text || '@' || to_char(h.hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')`.as(
        'id',
      ),
      sql<Date>`min(h.first_at)`.as('at'),
      sql<string | null>`null::text`.as('event_type'),
      sql<string | null>`null::text`.as('actor_id'),
      sql<string | null>`null::text`.as('note'),
      sql<string | null>`null::text`.as('detail'),
      sql<string | null>`null::text`.as('stream'),
      sql<string | null>`${item}::text`.as('content_key'),
      sql<Record<string, string> | null>`jsonb_object_agg(h.kind, h.count)`.as('counts'),
      sql<Date | null>`max(h.last_at)`.as('until'),
    ]);

  const merged = events('report')
    .where('e.stream', '=', stream)
    .unionAll(events('content').where('e.subject', '=', item))
    .unionAll(engagementHours)
    .unionAll(
      events('other_report').where(
        'e.stream',
        'in',
        db
          .selectFrom('timeline_entries')
          .select('stream')
          .where('reported', '=', item)
          .where('type', '=', 'ReportFiled')
          .where('stream', '<>', stream),
      ),
    )
    .unionAll(
      events('author_history').where(
        'e.stream',
        'in',
        db
          .selectFrom('timeline_entries')
          .select('stream')
          .where('type', '=', 'ReportFiled')
          .where('occurred_at', '<', filing.filedAt)
          .where('reported', 'in', authored),
      ),
    )
    .unionAll(
      events('author_history')
        .where('e.type', 'in', MODERATION_OF_CONTENT)
        .where('e.occurred_at', '<', filing.filedAt)
        .where('e.subject', 'in', authored),
    );

  let page = db.selectFrom(merged.as('u')).selectAll();
  if (after)
    page = page.where((eb) =>
      eb.or([
        eb('u.at', '>', after.at),
        eb.and([eb('u.at', '=', after.at), eb(sql`u.key collate "C"`, '>', after.id)]),
      ]),
    );
  const rows = await page
    .orderBy('u.at')
    .orderBy(sql`u.key collate "C"`)
    .limit(limit)
    .execute();

  // A report's later events name no item: take it from that report's filing (this report's is read already).
  const reportedBy = new Map<string, string | null>([[stream, filing.reported]]);
  const reportStreams = [
    ...new Set(
      rows
        .filter((r) => !r.content_key && r.stream?.startsWith(REPORT_STREAM_PREFIX) && !reportedBy.has(r.stream))
        .map((r) => r.stream!),
    ),
  ];
  if (reportStreams.length > 0) {
    const filings = await db
      .selectFrom('timeline_entries')
      .select(['stream', 'reported'])
      .where('stream', 'in', reportStreams)
      .where('type', '=', 'ReportFiled')
      .execute();
    for (const f of filings) reportedBy.set(f.stream, f.reported);
  }

  return rows.map((r) => {
    const counts = r.counts ? engagementCounts(r.counts) : null;
    const contentKey = r.content_key ?? (r.stream ? reportedBy.get(r.stream) : null) ?? null;
    return {
      id: r.id,
      at: new Date(r.at),
      actorId: r.actor_id,
      action: counts ? engagementAction(counts) : timelineAction(r.event_type ?? '', r.detail),
      note: r.note,
      source: r.source as TimelineSource,
      eventType: r.event_type,
      reportId: r.stream?.startsWith(REPORT_STREAM_PREFIX) ? r.stream.slice(REPORT_STREAM_PREFIX.length) : null,
      content: contentKey ? parseContentKey(contentKey) : null,
      engagement: counts && r.until ? { counts, until: new Date(r.until) } : null,
      pageKey: { at: new Date(r.at), id: r.key },
    };
  });
}

/** Counts per kind from jsonb (bigint counts arrive as numbers or strings); kinds with none are 0. */
function engagementCounts(raw: Record<string, unknown>): EngagementCounts {
  const n = (kind: keyof EngagementCounts) => Number(raw[kind] ?? 0);
  return {
    views: n('views'),
    likes: n('likes'),
    unlikes: n('unlikes'),
    comments: n('comments'),
    shares: n('shares'),
    chat_messages: n('chat_messages'),
  };
}

import type { QueryCreator, Selectable } from 'kysely';
import type { ContentType, ModerationSettings } from '@myworld/schemas';
import type { ReportsDb } from './reports.projection.ts';

type Db = QueryCreator<ReportsDb>;
export type ContentCard = Selectable<ReportsDb['content_cards']>;

/** What the reports read model knows of one item: its author, stream and visibility; undefined when no such content was created. */
export async function contentCard(
  db: Db,
  contentType: ContentType,
  contentId: string,
): Promise<ContentCard | undefined> {
  return db
    .selectFrom('content_cards')
    .selectAll()
    .where('content_type', '=', contentType)
    .where('content_id', '=', contentId)
    .executeTakeFirst();
}

/** The ids of every item of `contentType` the user made that the reports read model knows (e.g. a suspended user's streams). */
export async function contentIdsByAuthor(db: Db, contentType: ContentType, authorId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('content_cards')
    .select('content_id')
    .where('content_type', '=', contentType)
    .where('author_id', '=', authorId)
    .orderBy('content_id')
    .execute();
  return rows.map((r) => r.content_id);
}

/** The ids of the item's open (pending or reviewing) reports, oldest first. */
export async function openReportIds(db: Db, contentType: ContentType, contentId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('id')
    .where('content_type', '=', contentType)
    .where('content_id', '=', contentId)
    .where('status', 'in', ['pending', 'reviewing'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The distinct users who reported the item after `since` (when given; the item was last shown
 * again then), each with their first such report's time, and whether a moderator ever dismissed a
 * report of theirs on this item (a dismissed reporter never counts for it again).
 */
export async function reportersOfContent(
  db: Db,
  contentType: ContentType,
  contentId: string,
  since: Date | null,
): Promise<Array<{ reporterId: string; reportedAt: Date; dismissedOnItem: boolean }>> {
  const rows = await db
    .selectFrom('reports')
    .select((eb) => [
      'reporter_id',
      eb.fn
        .min(since ? eb.case().when('created_at', '>', since).then(eb.ref('created_at')).end() : eb.ref('created_at'))
        .as('reported_at'),
      eb.fn.max(eb.case().when('status', '=', 'dismissed').then(1).else(0).end()).as('dismissed'),
    ])
    .where('content_type', '=', contentType)
    .where('content_id', '=', contentId)
    .groupBy('reporter_id')
    .orderBy('reporter_id')
    .execute();
  return rows.flatMap((r) =>
    r.reported_at
      ? [
          {
            reporterId: r.reporter_id,
            reportedAt: new Date(r.reported_at as Date),
            dismissedOnItem: Number(r.dismissed) === 1,
          },
        ]
      : [],
  );
}

/** When moderators dismissed reports of these users (at or after `from`), by reporter. */
export async function dismissalsOf(db: Db, reporterIds: readonly string[], from: Date): Promise<Map<string, Date[]>> {
  const dismissed = new Map<string, Date[]>();
  if (reporterIds.length === 0) return dismissed;
  const rows = await db
    .selectFrom('reports')
    .select(['reporter_id', 'updated_at'])
    .where('reporter_id', 'in', [...reporterIds])
    .where('status', '=', 'dismissed')
    .where('updated_at', '>=', from)
    .execute();
  for (const row of rows) dismissed.set(row.reporter_id, [...(dismissed.get(row.reporter_id) ?? []), row.updated_at]);
  return dismissed;
}

/** The settings admins last recorded; undefined while they never changed them (the defaults rule). */
export async function recordedModerationSettings(db: Db): Promise<ModerationSettings | undefined> {
  const row = await db
    .selectFrom('moderation_settings')
    .select(['auto_hide_threshold', 'report_reasons'])
    .where('id', '=', 'global')
    .executeTakeFirst();
  return row ? { autoHideThreshold: row.auto_hide_threshold, reportReasons: row.report_reasons } : undefined;
}

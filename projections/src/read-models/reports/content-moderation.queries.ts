import type { QueryCreator, Selectable } from 'kysely';
import type { ContentType, ModerationSettings } from '@myworld/schemas';
import type { ReportsDb } from './reports.projection.ts';

type Db = QueryCreator<ReportsDb>;
export type ContentCard = Selectable<ReportsDb['content_cards']>;

/** What the reports read model knows of one item: its author, stream and visibility; undefined when no such content was created. */
export async function contentCard(db: Db, contentType: ContentType, contentId: string): Promise<ContentCard | undefined> {
  return db.selectFrom('content_cards').selectAll().where('content_type', '=', contentType).where('content_id', '=', contentId).executeTakeFirst();
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

/** How many distinct users reported the item (open or closed reports), counting only reports filed after `since` when given. */
export async function distinctReporters(db: Db, contentType: ContentType, contentId: string, since: Date | null): Promise<number> {
  let query = db
    .selectFrom('reports')
    .select((eb) => eb.fn.count<string>('reporter_id').distinct().as('n'))
    .where('content_type', '=', contentType)
    .where('content_id', '=', contentId);
  if (since) query = query.where('created_at', '>', since);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** The settings admins last recorded; undefined while they never changed them (the defaults rule). */
export async function recordedModerationSettings(db: Db): Promise<ModerationSettings | undefined> {
  const row = await db.selectFrom('moderation_settings').select(['auto_hide_threshold', 'report_reasons']).where('id', '=', 'global').executeTakeFirst();
  return row ? { autoHideThreshold: row.auto_hide_threshold, reportReasons: row.report_reasons } : undefined;
}

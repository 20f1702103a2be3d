import { sql, type QueryCreator } from 'kysely';
import type { Report, ReportStatus } from '@myworld/schemas';
import type { PageKey } from '../posts/posts.queries.ts';
import type { ReportsDb } from './reports.projection.ts';

type Db = QueryCreator<ReportsDb>;

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The moderation queue, newest first (then by id), one page at a time: `before` is the previous
 * page's last key; ask for one more than a page to learn whether another follows. `status` keeps
 * one status; `search` matches the description, the reporter's username, the reason, the
 * content id or the content's text, case-insensitively.
 */
export async function reportsPage(
  db: Db,
  {
    limit = 20,
    status,
    search,
    before,
  }: { limit?: number; status?: ReportStatus; search?: string; before?: PageKey } = {},
): Promise<Array<Report & { pageKey: PageKey }>> {
  let query = db
    .selectFrom('reports as r')
    .leftJoin('report_user_cards as u', 'u.user_id', 'r.reporter_id')
    .leftJoin('content_cards as c', (join) =>
      join.onRef('c.content_type', '=', 'r.content_type').onRef('c.content_id', '=', 'r.content_id'),
    )
    .leftJoin('report_user_cards as a', 'a.user_id', 'c.author_id')
    .selectAll('r')
    .select([
      'u.username',
      'u.profile_image_url',
      'c.title',
      'c.description as content_description',
      'c.visibility',
      'a.username as author_username',
    ]);
  if (status) query = query.where('r.status', '=', status);
  if (search) {
    const pattern = likePattern(search);
    query = query.where((eb) =>
      eb.or([
        eb('r.description', 'ilike', pattern),
        eb('u.username', 'ilike', pattern),
        eb(sql<string>`r.reason`, 'ilike', pattern),
        eb('r.content_id', 'ilike', pattern),
        eb('c.description', 'ilike', pattern),
      ]),
    );
  }
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('r.created_at', '<', before.at),
        eb.and([eb('r.created_at', '=', before.at), eb('r.id', '<', before.id)]),
      ]),
    );
  const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id,
    contentType: r.content_type,
    contentId: r.content_id,
    reportReason: r.reason,
    description: r.description,
    status: r.status,
    moderatorNote: r.moderator_note,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    reporter: { id: r.reporter_id, username: r.username ?? null, profileImageUrl: r.profile_image_url ?? null },
    content: {
      id: r.content_id,
      type: r.content_type,
      title: r.title ?? null,
      description: r.content_description ?? null,
      user: r.author_username ? { username: r.author_username } : null,
      visibility: r.visibility ?? 'visible',
    },
    pageKey: { at: r.created_at, id: r.id },
  }));
}

import { sql, type QueryCreator } from 'kysely';
import { isRole, type Role } from '@myworld/schemas';
import type { RolesDb } from './roles.projection.ts';

type Db = QueryCreator<RolesDb>;

/** The roles a user holds now, alphabetically ([] for most users). */
export async function rolesOfUser(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.selectFrom('user_roles').select('role').where('user_id', '=', userId).orderBy('role').execute();
  return rows.map((r) => r.role).filter(isRole);
}

/** Where a page of role holders continues: strictly before this holder (newest `since` first, then lower id). */
export interface RoleHolderKey {
  readonly at: Date;
  readonly id: string;
}

/**
 * Users holding at least one role, newest first by `since` (when they got the oldest role they
 * still hold), `limit` at a time.
 */
export async function roleHoldersPage(
  db: Db,
  { after, limit }: { after?: RoleHolderKey | undefined; limit: number },
): Promise<{ holders: Array<{ userId: string; roles: Role[]; since: Date }>; next: RoleHolderKey | null }> {
  let query = db
    .selectFrom('user_roles')
    .select((eb) => [
      'user_id',
      eb.fn.min('granted_at').as('since'),
      sql<string[]>`array_agg(role order by role)`.as('roles'),
    ])
    .groupBy('user_id');
  if (after)
    query = query.having(sql<boolean>`(min(granted_at), user_id) < (${after.at}::timestamptz, ${after.id}::text)`);
  const rows = await query
    .orderBy('since', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows
    .slice(0, limit)
    .map((r) => ({ userId: r.user_id, roles: r.roles.filter(isRole), since: new Date(r.since) }));
  const last = page.at(-1);
  return { holders: page, next: rows.length > limit && last ? { at: last.since, id: last.userId } : null };
}

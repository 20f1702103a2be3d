import type { ReadModels, UsersDb } from '@myworld/projections';

export interface Recipient {
  readonly username: string;
  readonly email: string;
}

/**
 * Usernames and email addresses from the `users` read model, by user id (ids it does not hold yet
 * are left out). Accounts have no event that changes either, so a lagging read model can only miss
 * a user, never give a stale address.
 */
export async function recipientsById(readModels: ReadModels, ids: readonly string[]): Promise<Map<string, Recipient>> {
  if (ids.length === 0) return new Map();
  const db = await readModels.query<UsersDb>('users');
  const rows = await db.selectFrom('users').select(['id', 'username', 'email']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, email: r.email }]));
}

import type { QueryCreator } from 'kysely';
import type { UsersDb } from './users.projection.ts';

/** The signed-in user as GET /api/auth/user answers it: no birth date, no sign-in history; undefined for a suspended user. */
export async function currentUserById(db: QueryCreator<UsersDb>, id: string) {
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('suspended', '=', false)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    bio: row.bio,
    aboutMe: row.about_me,
    profileImageUrl: row.profile_image_url,
    backgroundImageUrl: row.background_image_url,
    backgroundColor: row.background_color,
    textColor: row.text_color,
    hideEngagement: row.hide_engagement,
    hideActivity: row.hide_activity,
    emailVerified: row.email_verified,
  };
}

/** Held by an account, or by a deleted one until its username is released. */
export async function isUsernameTaken(db: QueryCreator<UsersDb>, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .unionAll(db.selectFrom('deleted_usernames').select('user_id as id').where('username', '=', username))
    .executeTakeFirst();
  return row !== undefined;
}

/** Usernames of many users at once (feeds, messages, live listings). Unknown ids are left out. */
export async function usernamesById(db: QueryCreator<UsersDb>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Public card of a user for other features (no email, no birth date); suspended users left out. */
export async function publicUsersById(db: QueryCreator<UsersDb>, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'first_name as firstName',
      'last_name as lastName',
      'profile_image_url as profileImageUrl',
      'hide_engagement as hideEngagement',
      'hide_activity as hideActivity',
      'registered_at as registeredAt',
    ])
    .where('id', 'in', [...new Set(ids)])
    .where('suspended', '=', false)
    .execute();
}

/**
 * The public profile's fields of one user, found by id or by username (search links use
 * /profile/{username}). No email, no birth date. A suspended user is not found; one hidden pending
 * review only by themselves (`viewerId`).
 */
export async function profileUser(db: QueryCreator<UsersDb>, idOrUsername: string, viewerId: string | null = null) {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(idOrUsername);
  const row = await db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'first_name',
      'last_name',
      'bio',
      'about_me',
      'profile_image_url',
      'background_image_url',
      'background_color',
      'text_color',
      'hide_activity',
      'registered_at',
    ])
    .where(byId ? 'id' : 'username', '=', idOrUsername.toLowerCase())
    .where('suspended', '=', false)
    .where((eb) => (viewerId ? eb.or([eb('hidden', '=', false), eb('id', '=', viewerId)]) : eb('hidden', '=', false)))
    .executeTakeFirst();
  return row;
}

/** Usernames and email addresses by user id (ids not held yet are left out), for mailing users. */
export async function mailAddressesById(
  db: QueryCreator<UsersDb>,
  ids: readonly string[],
): Promise<Map<string, { username: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, email: r.email }]));
}

/** What judging a reporter's trust needs (moderation): when each account registered and verified its email. Unknown ids are left out. */
export async function accountTrustFactsById(
  db: QueryCreator<UsersDb>,
  ids: readonly string[],
): Promise<Map<string, { registeredAt: Date; emailVerifiedAt: Date | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'registered_at', 'email_verified_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { registeredAt: r.registered_at, emailVerifiedAt: r.email_verified_at }]));
}

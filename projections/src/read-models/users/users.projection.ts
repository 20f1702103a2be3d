import { sql, type ColumnType, type Generated } from 'kysely';
import { DEFAULT_PROFILE_BACKGROUND_COLOR, DEFAULT_PROFILE_TEXT_COLOR } from '@myworld/schemas';
import { defineProjection } from '../../projection.ts';

/**
 * The users read model: one row per registered account with the fields of the public User, plus
 * what other features and analysts need (birth date, registration and sign-in times). It never
 * holds password hashes or tokens. Profile fields (about me, images, colours) start at their
 * defaults; ProfileCustomized fills them in. A user a moderator removed is suspended (gone from
 * every public read, and from /api/auth/user); one auto-hidden pending review only sees their own
 * profile. A deleted account's row goes at once (its email is free to register again); its username
 * stays taken in deleted_usernames until UsernameReleased frees it, 30 days on.
 */
export interface UsersDb {
  users: {
    id: string;
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    /** PostgreSQL `date`: written as YYYY-MM-DD, read back as a Date. */
    birth_date: ColumnType<Date, string, string>;
    bio: string | null;
    about_me: string | null;
    profile_image_url: string | null;
    background_image_url: string | null;
    background_color: Generated<string>;
    text_color: Generated<string>;
    hide_engagement: Generated<boolean>;
    hide_activity: Generated<boolean>;
    email_verified: Generated<boolean>;
    email_verified_at: Date | null;
    registered_at: Date;
    last_signed_in_at: Date | null;
    sign_in_count: Generated<number>;
    /** Removed by a moderator (ContentRemoved of the user). */
    suspended: Generated<boolean>;
    /** Auto-hidden pending review (ContentHidden, until ContentRestored). */
    hidden: Generated<boolean>;
  };
  /** Usernames of deleted accounts, held until UsernameReleased (nothing else of the account is kept). */
  deleted_usernames: { username: string; user_id: string; deleted_at: Date };
}

export const usersProjection = defineProjection<UsersDb>({
  name: 'users',
  // 2: suspended and hidden users (moderation).
  // 3: deleted accounts leave; their usernames wait in deleted_usernames until released.
  // 4: AccountReinstated lifts a suspension.
  version: 4,
  migrate: async (db, schema) => {
    await sql`
      create table ${sql.id(schema, 'users')} (
        id text primary key,
        username text not null unique,
        first_name text not null,
        last_name text not null,
        email text not null unique,
        birth_date date not null,
        bio text,
        about_me text,
        profile_image_url text,
        background_image_url text,
        background_color text not null default ${sql.lit(DEFAULT_PROFILE_BACKGROUND_COLOR)},
        text_color text not null default ${sql.lit(DEFAULT_PROFILE_TEXT_COLOR)},
        hide_engagement boolean not null default false,
        hide_activity boolean not null default false,
        email_verified boolean not null default false,
        email_verified_at timestamptz,
        registered_at timestamptz not null,
        last_signed_in_at timestamptz,
        sign_in_count integer not null default 0,
        suspended boolean not null default false,
        hidden boolean not null default false
      );
      create index on ${sql.id(schema, 'users')} (registered_at);
      create table ${sql.id(schema, 'deleted_usernames')} (
        username text primary key,
        user_id text not null,
        deleted_at timestamptz not null
      );
    `.execute(db);
  },
  handlers: {
    UserRegistered: async ({ db }, { data: d }) => {
      await db
        .insertInto('users')
        .values({
          id: d.userId,
          username: d.username,
          first_name: d.firstName,
          last_name: d.lastName,
          email: d.email,
          birth_date: d.birthDate,
          registered_at: new Date(d.registeredAt),
        })
        .execute();
    },
    EmailVerified: async ({ db }, { data: d }) => {
      await db
        .updateTable('users')
        .set({ email_verified: true, email_verified_at: new Date(d.verifiedAt) })
        .where('id', '=', d.userId)
        .execute();
    },
    EmailChanged: async ({ db }, { data: d }) => {
      // The new address was proved by the link that confirmed it.
      await db
        .updateTable('users')
        .set({ email: d.email, email_verified: true, email_verified_at: new Date(d.changedAt) })
        .where('id', '=', d.userId)
        .execute();
    },
    PrivacySettingsChanged: async ({ db }, { data: d }) => {
      await db
        .updateTable('users')
        .set({ hide_engagement: d.hideEngagement, hide_activity: d.hideActivity })
        .where('id', '=', d.userId)
        .execute();
    },
    ProfileCustomized: async ({ db }, { data: d }) => {
      await db
        .updateTable('users')
        .set({
          about_me: d.aboutMe,
          profile_image_url: d.profileImageUrl,
          background_image_url: d.backgroundImageUrl,
          // Unset colours read as the page's defaults.
          background_color: d.backgroundColor ?? DEFAULT_PROFILE_BACKGROUND_COLOR,
          text_color: d.textColor ?? DEFAULT_PROFILE_TEXT_COLOR,
        })
        .where('id', '=', d.userId)
        .execute();
    },
    ContentRemoved: async ({ db }, { data: d }) => {
      if (d.contentType === 'user')
        await db.updateTable('users').set({ suspended: true }).where('id', '=', d.contentId).execute();
    },
    ContentHidden: async ({ db }, { data: d }) => {
      if (d.contentType === 'user')
        await db.updateTable('users').set({ hidden: true }).where('id', '=', d.contentId).execute();
    },
    ContentRestored: async ({ db }, { data: d }) => {
      if (d.contentType === 'user')
        await db.updateTable('users').set({ hidden: false }).where('id', '=', d.contentId).execute();
    },
    AccountReinstated: async ({ db }, { data: d }) => {
      await db.updateTable('users').set({ suspended: false, hidden: false }).where('id', '=', d.userId).execute();
    },
    AccountDeleted: async ({ db }, { data: d }) => {
      const gone = await db.deleteFrom('users').where('id', '=', d.userId).returning('username').executeTakeFirst();
      if (!gone) return;
      const held = { user_id: d.userId, deleted_at: new Date(d.deletedAt) };
      // The latest deletion holds the name (a release always comes between two holders).
      await db
        .insertInto('deleted_usernames')
        .values({ username: gone.username, ...held })
        .onConflict((oc) => oc.column('username').doUpdateSet(held))
        .execute();
    },
    UsernameReleased: async ({ db }, { data: d }) => {
      await db
        .deleteFrom('deleted_usernames')
        .where('username', '=', d.username)
        .where('user_id', '=', d.userId)
        .execute();
    },
    UserSignedIn: async ({ db }, { data: d }) => {
      await db
        .updateTable('users')
        .set((eb) => ({ last_signed_in_at: new Date(d.signedInAt), sign_in_count: eb('sign_in_count', '+', 1) }))
        .where('id', '=', d.userId)
        .execute();
    },
  },
});

import { sql, type Kysely } from 'kysely';

/**
 * The conversations read model's tables: every direct message, each user's conversation rows (the
 * other user, the last message, how many are unread) and each user's total unread, kept as
 * counters as messages arrive and are read, so nothing is counted at read time; and the user cards a conversation
 * shows of the other user; and the users suspended now (their messages read as removed).
 */
export interface ConversationsDb {
  messages: {
    id: string;
    /** The conversation's stream, `conversation-{idA}-{idB}` (ids sorted): both sides name the same one. */
    conversation_id: string;
    /** The event's version in that stream: the conversation's order (strictly increasing, no clock ties). */
    version: number;
    sender_id: string;
    receiver_id: string;
    content: string;
    created_at: Date;
  };
  /** One row per user per person they have a conversation with. */
  conversations: {
    user_id: string;
    other_user_id: string;
    last_message_id: string;
    last_content: string;
    last_sender_id: string;
    last_at: Date;
    /** Messages to `user_id` since they last read the conversation. */
    unread_count: number;
  };
  /** The sum of a user's unread counts, kept beside them (the badge). */
  unread_totals: { user_id: string; total: number };
  user_cards: {
    user_id: string;
    username: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
  };
  /**
   * Users a moderator suspended (removed), until reinstated: their messages keep their text here and
   * read as removed (the queries replace it), so a reinstatement shows them again.
   */
  suspended_senders: { user_id: string };
}

export async function createConversationsTables(db: Kysely<ConversationsDb>, schema: string): Promise<void> {
  const t = (name: keyof ConversationsDb) => sql.id(schema, name);
  await sql`
    create table ${t('messages')} (
      id text primary key,
      conversation_id text not null,
      version bigint not null,
      sender_id text not null,
      receiver_id text not null,
      content text not null,
      created_at timestamptz not null
    );
    create unique index on ${t('messages')} (conversation_id, version);
    create table ${t('conversations')} (
      user_id text not null,
      other_user_id text not null,
      last_message_id text not null,
      last_content text not null,
      last_sender_id text not null,
      last_at timestamptz not null,
      unread_count integer not null default 0,
      primary key (user_id, other_user_id)
    );
    create index on ${t('conversations')} (user_id, last_at desc, other_user_id desc);
    create table ${t('unread_totals')} (
      user_id text primary key,
      total integer not null default 0
    );
    create table ${t('user_cards')} (
      user_id text primary key,
      username text not null,
      first_name text not null,
      last_name text not null,
      profile_image_url text
    );
    create table ${t('suspended_senders')} (
      user_id text primary key
    );
  `.execute(db);
}

import type { QueryCreator } from 'kysely';
import { MODERATION_MESSAGES, conversationStreamName, type Conversation, type DirectMessage } from '@myworld/schemas';
import type { PageKey } from '../posts/posts.queries.ts';
import type { ConversationsDb } from './conversations.tables.ts';

type Db = QueryCreator<ConversationsDb>;

/**
 * `userId`'s conversations, newest last message first (then by the other user's id), one page at a
 * time: `before` is the previous page's last key. Each carries its `pageKey`; ask for one more
 * than a page to learn whether another follows.
 */
export async function conversationsPage(
  db: Db,
  userId: string,
  { limit = 50, before }: { limit?: number; before?: PageKey } = {},
): Promise<Array<Conversation & { pageKey: PageKey }>> {
  let query = db
    .selectFrom('conversations as c')
    .leftJoin('user_cards as u', 'u.user_id', 'c.other_user_id')
    .leftJoin('suspended_senders as s', 's.user_id', 'c.last_sender_id')
    .select([
      'c.other_user_id',
      'c.last_content',
      's.user_id as suspended_sender',
      'c.last_sender_id',
      'c.last_at',
      'c.unread_count',
      'u.username',
      'u.first_name',
      'u.last_name',
      'u.profile_image_url',
    ])
    .where('c.user_id', '=', userId);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('c.last_at', '<', before.at),
        eb.and([eb('c.last_at', '=', before.at), eb('c.other_user_id', '<', before.id)]),
      ]),
    );
  const rows = await query.orderBy('c.last_at', 'desc').orderBy('c.other_user_id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    otherUser: {
      id: r.other_user_id,
      username: r.username ?? 'unknown',
      firstName: r.first_name ?? '',
      lastName: r.last_name ?? '',
      profileImageUrl: r.profile_image_url ?? null,
    },
    lastMessage: {
      content: r.suspended_sender === null ? r.last_content : MODERATION_MESSAGES.messageRemoved,
      createdAt: r.last_at.toISOString(),
      senderId: r.last_sender_id,
    },
    unreadCount: r.unread_count,
    pageKey: { at: r.last_at, id: r.other_user_id },
  }));
}

/**
 * The messages between `userId` and `otherUserId` (their conversation, and only theirs), oldest
 * first: the latest `limit`, or with `before` (a message id) the `limit` before that message.
 * Undefined when `before` is not a message of this conversation. A suspended sender's read as removed.
 */
export async function conversationMessages(
  db: Db,
  userId: string,
  otherUserId: string,
  { limit = 50, before }: { limit?: number; before?: string } = {},
): Promise<DirectMessage[] | undefined> {
  const conversationId = conversationStreamName(userId, otherUserId);
  let query = db
    .selectFrom('messages')
    .leftJoin('suspended_senders as s', 's.user_id', 'messages.sender_id')
    .select(['id', 'sender_id', 'receiver_id', 'content', 'created_at', 's.user_id as suspended_sender'])
    .where('conversation_id', '=', conversationId);
  if (before !== undefined) {
    const anchor = await db
      .selectFrom('messages')
      .select('version')
      .where('conversation_id', '=', conversationId)
      .where('id', '=', before)
      .executeTakeFirst();
    if (!anchor) return undefined;
    query = query.where('version', '<', anchor.version);
  }
  const rows = await query.orderBy('version', 'desc').limit(limit).execute();
  return rows.reverse().map((r) => ({
    id: r.id,
    senderId: r.sender_id,
    receiverId: r.receiver_id,
    content: r.suspended_sender === null ? r.content : MODERATION_MESSAGES.messageRemoved,
    createdAt: r.created_at.toISOString(),
  }));
}

/** Each user's total unread (the kept counter; 0 for someone with none). */
/**
 * `userId`'s total unread without what the read model still counts unread in the conversation with
 * `otherUserId` (one statement: the total and that count from the same snapshot).
 */
export async function unreadTotalWithout(db: Db, userId: string, otherUserId: string): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('unread_totals').select('total').where('user_id', '=', userId).as('total'),
      eb
        .selectFrom('conversations')
        .select('unread_count')
        .where('user_id', '=', userId)
        .where('other_user_id', '=', otherUserId)
        .as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return Math.max(0, (row.total ?? 0) - (row.unread ?? 0));
}

export async function unreadTotals(db: Db, userIds: readonly string[]): Promise<Map<string, number>> {
  const totals = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return totals;
  const rows = await db
    .selectFrom('unread_totals')
    .select(['user_id', 'total'])
    .where('user_id', 'in', [...userIds])
    .execute();
  for (const row of rows) totals.set(row.user_id, row.total);
  return totals;
}

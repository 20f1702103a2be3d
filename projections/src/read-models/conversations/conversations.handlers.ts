import { MODERATION_MESSAGES, conversationStreamName } from '@myworld/schemas';
import { REDACTED_TEXT } from '../../read-model-parts/account-deletion.ts';
import type { ProjectionContext, ProjectionHandlers } from '../../projection.ts';
import type { ConversationsDb } from './conversations.tables.ts';

/**
 * The conversations read model one event at a time (the runner uses conversations.batch.ts, the
 * same logic for a whole batch, and falls back to these to find an event a batch fails on). A
 * message adds one to its receiver's unread counters; ConversationRead takes the reader's back to 0.
 * A message a moderator removed keeps its place with MODERATION_MESSAGES.messageRemoved as its text;
 * a suspended user's keep their text and read as removed until an AccountReinstated.
 * A deleted account's messages keep theirs with the redaction as their text (what a replay reads),
 * and their card goes; the messages they received stay (they belong to their senders).
 */
export const conversationsHandlers: ProjectionHandlers<ConversationsDb> = {
  MessageSent: async ({ db }, { data: d, version }) => {
    const createdAt = new Date(d.sentAt);
    await db
      .insertInto('messages')
      .values({
        id: d.messageId,
        conversation_id: conversationStreamName(d.senderId, d.receiverId),
        version: Number(version),
        sender_id: d.senderId,
        receiver_id: d.receiverId,
        content: d.content,
        created_at: createdAt,
      })
      .execute();
    const last = {
      last_message_id: d.messageId,
      last_content: d.content,
      last_sender_id: d.senderId,
      last_at: createdAt,
    };
    await db
      .insertInto('conversations')
      .values({ user_id: d.senderId, other_user_id: d.receiverId, ...last, unread_count: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'other_user_id']).doUpdateSet(last))
      .execute();
    await db
      .insertInto('conversations')
      .values({ user_id: d.receiverId, other_user_id: d.senderId, ...last, unread_count: 1 })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'other_user_id'])
          .doUpdateSet((eb) => ({ ...last, unread_count: eb(eb.ref('conversations.unread_count'), '+', 1) })),
      )
      .execute();
    await changeTotal(db, d.receiverId, 1);
  },
  ConversationRead: async ({ db }, { data: d }) => {
    const row = await db
      .selectFrom('conversations')
      .select('unread_count')
      .where('user_id', '=', d.readerId)
      .where('other_user_id', '=', d.otherUserId)
      .executeTakeFirst();
    if (!row || row.unread_count === 0) return;
    await db
      .updateTable('conversations')
      .set({ unread_count: 0 })
      .where('user_id', '=', d.readerId)
      .where('other_user_id', '=', d.otherUserId)
      .execute();
    await changeTotal(db, d.readerId, -row.unread_count);
  },
  // A message a moderator removed shows as removed for good. A removed (suspended) user's messages
  // keep their text: the queries show them as removed while the user is in suspended_senders.
  ContentRemoved: async ({ db }, { data: d }) => {
    if (d.contentType === 'user') {
      await db
        .insertInto('suspended_senders')
        .values({ user_id: d.contentId })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      return;
    }
    if (d.contentType !== 'message') return;
    const removed = MODERATION_MESSAGES.messageRemoved;
    await db.updateTable('messages').set({ content: removed }).where('id', '=', d.contentId).execute();
    await db
      .updateTable('conversations')
      .set({ last_content: removed })
      .where('last_message_id', '=', d.contentId)
      .execute();
  },
  AccountReinstated: async ({ db }, { data: d }) => {
    await db.deleteFrom('suspended_senders').where('user_id', '=', d.userId).execute();
  },
  // Deletion erases the text for real (personal data), unlike a suspension; it then reads as deleted.
  AccountDeleted: async ({ db }, { data: d }) => {
    await db.updateTable('messages').set({ content: REDACTED_TEXT }).where('sender_id', '=', d.userId).execute();
    await db
      .updateTable('conversations')
      .set({ last_content: REDACTED_TEXT })
      .where('last_sender_id', '=', d.userId)
      .execute();
    await db.deleteFrom('user_cards').where('user_id', '=', d.userId).execute();
    await db.deleteFrom('suspended_senders').where('user_id', '=', d.userId).execute();
  },
  UserRegistered: async ({ db }, { data: d }) => {
    await db
      .insertInto('user_cards')
      .values({
        user_id: d.userId,
        username: d.username,
        first_name: d.firstName,
        last_name: d.lastName,
        profile_image_url: null,
      })
      .execute();
  },
  ProfileCustomized: async ({ db }, { data: d }) => {
    await db
      .updateTable('user_cards')
      .set({ profile_image_url: d.profileImageUrl })
      .where('user_id', '=', d.userId)
      .execute();
  },
};

async function changeTotal(db: ProjectionContext<ConversationsDb>['db'], userId: string, by: number): Promise<void> {
  await db
    .insertInto('unread_totals')
    .values({ user_id: userId, total: Math.max(0, by) })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ total: eb(eb.ref('unread_totals.total'), '+', by) })),
    )
    .execute();
}

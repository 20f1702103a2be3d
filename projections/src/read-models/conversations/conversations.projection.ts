import { defineProjection } from '../../projection.ts';
import { conversationsBatch } from './conversations.batch.ts';
import { createConversationsTables, type ConversationsDb } from './conversations.tables.ts';

export type { ConversationsDb } from './conversations.tables.ts';

/**
 * The conversations read model (direct messages): the messages of each conversation in their
 * stream's order, each participant's conversation row with the last message and their unread
 * count, each user's total unread, and the user cards shown for the other user. Unread counts are
 * counters kept here, never counted at read time. A message a moderator removed shows as removed;
 * a deleted account's messages show as deleted.
 */
export const conversationsProjection = defineProjection<ConversationsDb>({
  name: 'conversations',
  // 2: messages a moderator removed show as removed.
  // 3: a deleted account's messages show the redaction; their card goes.
  // 4: a suspended user's messages keep their text (read as removed); AccountReinstated shows them again.
  version: 4,
  migrate: createConversationsTables,
  batchStatements: conversationsBatch,
  handlers: {},
});

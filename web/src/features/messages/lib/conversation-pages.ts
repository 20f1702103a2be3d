import type { InfiniteData } from '@tanstack/react-query';
import type { Conversation, DirectMessage } from '@myworld/schemas';

/**
 * The conversation list as cached (pages of GET /api/conversations, newest first) and the pure
 * changes a message or a read makes to it. Each change is idempotent, so hearing the same message
 * twice (the socket and a send's answer) counts it once.
 */
export interface ConversationsPage {
  conversations: Conversation[];
  nextCursor: string | null;
}
// Page params are the cursors; nothing here reads them.
export type ConversationsData = InfiniteData<ConversationsPage, unknown>;

export function allConversations(data: ConversationsData | undefined): Conversation[] {
  return data?.pages.flatMap((p) => p.conversations) ?? [];
}

const sameMessage = (last: Conversation['lastMessage'], m: DirectMessage) =>
  last.createdAt === m.createdAt && last.senderId === m.senderId && last.content === m.content;

/**
 * The list with `message` as its conversation's last message, moved to the top, and one more
 * unread when it came to `me`. Undefined when the conversation is not in the list (a new one: the
 * list must be read again to learn who it is with).
 */
export function withMessage(
  data: ConversationsData,
  message: DirectMessage,
  me: string,
): ConversationsData | undefined {
  const otherId = message.senderId === me ? message.receiverId : message.senderId;
  const current = allConversations(data).find((c) => c.otherUser.id === otherId);
  if (!current) return undefined;
  // Already shown, or older than what is shown (a late echo): nothing changes.
  if (sameMessage(current.lastMessage, message) || message.createdAt < current.lastMessage.createdAt) return data;
  const updated: Conversation = {
    ...current,
    lastMessage: { content: message.content, createdAt: message.createdAt, senderId: message.senderId },
    unreadCount: current.unreadCount + (message.receiverId === me ? 1 : 0),
  };
  const pages = data.pages.map((p, i) => {
    const rest = p.conversations.filter((c) => c.otherUser.id !== otherId);
    return { ...p, conversations: i === 0 ? [updated, ...rest] : rest };
  });
  return { ...data, pages };
}

/** The list with the conversation with `otherUserId` read. */
export function withRead(data: ConversationsData, otherUserId: string): ConversationsData {
  const pages = data.pages.map((p) => ({
    ...p,
    conversations: p.conversations.map((c) =>
      c.otherUser.id === otherUserId && c.unreadCount > 0 ? { ...c, unreadCount: 0 } : c,
    ),
  }));
  return { ...data, pages };
}

export function sumUnread(conversations: readonly Conversation[]): number {
  return conversations.reduce((sum, c) => sum + c.unreadCount, 0);
}

import type { QueryClient } from '@tanstack/react-query';
import type { DirectMessage } from '@myworld/schemas';
import { queryKeys } from '../../../lib/query-keys.ts';
import { withMessage as listWithMessage, withRead, type ConversationsData } from './conversation-pages.ts';
import { withMessage as threadWithMessage, type MessageThread } from './thread.ts';

/**
 * What a message or a read changes in the cached direct-message reads, wherever it was learnt
 * (a send's answer, a read's answer, the socket): the open thread, the list and the badge's total.
 */

/**
 * Changes the cached list; `change` answering undefined means the list cannot say (a conversation
 * it does not know yet), so it is read again. A read in flight started before this change and
 * would undo it when it lands, so it is replaced by a new read too.
 */
function changeList(client: QueryClient, change: (list: ConversationsData) => ConversationsData | undefined): void {
  const key = queryKeys.messages.conversations;
  const list = client.getQueryData<ConversationsData>(key);
  if (!list) return; // not read yet: its first read will include the change
  const next = change(list);
  if (next) client.setQueryData(key, next);
  if (!next || client.isFetching({ queryKey: key }) > 0) void client.invalidateQueries({ queryKey: key });
}

/** Into its thread if that is loaded, and to the top of the list. */
export function applyMessage(client: QueryClient, me: string, message: DirectMessage): void {
  const otherUserId = message.senderId === me ? message.receiverId : message.senderId;
  client.setQueryData<MessageThread>(
    queryKeys.messages.thread(otherUserId),
    (thread) => thread && threadWithMessage(thread, message),
  );
  changeList(client, (list) => listWithMessage(list, message, me));
}

/** The conversation with `otherUserId` has no unread messages left; `totalUnread` is the server's new total. */
export function applyRead(client: QueryClient, otherUserId: string, totalUnread: number): void {
  changeList(client, (list) => withRead(list, otherUserId));
  setUnreadTotal(client, totalUnread);
}

export function setUnreadTotal(client: QueryClient, total: number): void {
  client.setQueryData<number>(queryKeys.messages.unreadTotal, total);
}

/** After pushes may have been missed (the socket was down): read the list and any open thread again. */
export function refreshAfterGap(client: QueryClient): void {
  // A read already in flight is kept rather than restarted: it began moments ago.
  const options = { cancelRefetch: false };
  void client.invalidateQueries({ queryKey: queryKeys.messages.conversations }, options);
  void client.invalidateQueries({ queryKey: queryKeys.messages.threads }, options);
}

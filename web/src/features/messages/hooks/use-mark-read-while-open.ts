import { useEffect } from 'react';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import type { MessageThread } from '../lib/thread.ts';

/**
 * Marks the conversation read when it opens, and again each time a message from the other user
 * arrives while it stays open (by the socket or a poll): an open chat has nothing unread.
 */
export function useMarkReadWhileOpen(otherUserId: string, thread: MessageThread | undefined): void {
  const { mutate } = useMarkConversationRead(otherUserId);
  const lastIncomingId = thread?.messages.findLast((m) => m.senderId === otherUserId)?.id;
  useEffect(() => {
    if (lastIncomingId) mutate();
  }, [lastIncomingId, mutate]);
}

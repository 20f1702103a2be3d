import { MESSAGES_PAGE_SIZE, type DirectMessage } from '@myworld/schemas';

/**
 * One conversation as the chat shows it: every message seen so far, oldest first, whether from
 * the latest page, earlier pages, a send or the socket. Messages are never removed, so a poll that
 * moves the latest page forward cannot open a hole between it and the earlier pages.
 */
export interface MessageThread {
  messages: DirectMessage[];
  /** Older messages may exist (the oldest page loaded was full). */
  hasEarlier: boolean;
}

const byTime = (a: DirectMessage, b: DirectMessage) =>
  a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);

/** Both lists in one, oldest first, each message once. */
export function mergeMessages(a: readonly DirectMessage[], b: readonly DirectMessage[]): DirectMessage[] {
  const byId = new Map<string, DirectMessage>();
  for (const m of [...a, ...b]) byId.set(m.id, m);
  return [...byId.values()].sort(byTime);
}

/**
 * The thread after reading the latest page. A full page sharing no message with what we had means
 * more arrived than a page while we were not looking: start over from it rather than show a gap.
 */
export function withLatestPage(thread: MessageThread | undefined, latest: readonly DirectMessage[]): MessageThread {
  const full = latest.length >= MESSAGES_PAGE_SIZE;
  if (!thread) return { messages: mergeMessages([], latest), hasEarlier: full };
  const known = new Set(thread.messages.map((m) => m.id));
  if (full && thread.messages.length > 0 && !latest.some((m) => known.has(m.id)))
    return { messages: mergeMessages([], latest), hasEarlier: true };
  return { messages: mergeMessages(thread.messages, latest), hasEarlier: thread.hasEarlier };
}

/** The thread after reading the page before its oldest message. */
export function withEarlierPage(thread: MessageThread, earlier: readonly DirectMessage[]): MessageThread {
  return { messages: mergeMessages(earlier, thread.messages), hasEarlier: earlier.length >= MESSAGES_PAGE_SIZE };
}

/** The thread with one more message (sent here, or pushed by the socket). */
export function withMessage(thread: MessageThread, message: DirectMessage): MessageThread {
  return { ...thread, messages: mergeMessages(thread.messages, [message]) };
}

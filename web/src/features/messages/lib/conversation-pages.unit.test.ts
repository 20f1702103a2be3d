import { describe, expect, it } from 'vitest';
import type { Conversation, DirectMessage } from '@myworld/schemas';
import { allConversations, sumUnread, withMessage, withRead, type ConversationsData } from './conversation-pages.ts';

const ME = 'me';
const user = (id: string) => ({ id, username: id, firstName: id, lastName: '', profileImageUrl: null });
const conv = (id: string, minute: number, unreadCount = 0): Conversation => ({
  otherUser: user(id),
  lastMessage: {
    content: `from ${id}`,
    createdAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
    senderId: id,
  },
  unreadCount,
});
const msg = (from: string, to: string, minute: number, content = 'new'): DirectMessage => ({
  id: `${from}-${minute}`,
  senderId: from,
  receiverId: to,
  content,
  createdAt: `2026-01-01T00:${String(minute).padStart(2, '0')}:00.000Z`,
});
const data = (...pages: Conversation[][]): ConversationsData => ({
  pages: pages.map((conversations, i) => ({ conversations, nextCursor: i < pages.length - 1 ? `c${i + 1}` : null })),
  pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)),
});
const order = (d: ConversationsData | undefined) =>
  allConversations(d).map((c) => `${c.otherUser.id}:${c.unreadCount}`);

describe('the cached conversation list', () => {
  const list = data([conv('ann', 30), conv('bob', 20, 1)], [conv('cy', 10)]);

  it('a message to me moves its conversation to the top with one more unread, from any page', () => {
    const next = withMessage(list, msg('cy', ME, 40, 'hello'), ME)!;
    expect(order(next)).toEqual(['cy:1', 'ann:0', 'bob:1']);
    expect(next.pages[0]!.conversations[0]!.lastMessage).toEqual({
      content: 'hello',
      createdAt: '2026-01-01T00:40:00.000Z',
      senderId: 'cy',
    });
    expect(next.pages[1]!.nextCursor).toBeNull(); // cursors stay
  });

  it('hearing the same message twice counts it once; an older one changes nothing', () => {
    const once = withMessage(list, msg('bob', ME, 40), ME)!;
    expect(order(withMessage(once, msg('bob', ME, 40), ME))).toEqual(['bob:2', 'ann:0', 'cy:0']);
    expect(withMessage(list, msg('bob', ME, 5), ME)).toBe(list);
  });

  it('a message I sent moves the conversation without counting it', () => {
    expect(order(withMessage(list, msg(ME, 'bob', 40), ME))).toEqual(['bob:1', 'ann:0', 'cy:0']);
  });

  it('cannot place a conversation it does not have', () => {
    expect(withMessage(list, msg('dee', ME, 40), ME)).toBeUndefined();
  });

  it('a read clears that conversation only; the total is the sum of unread counts', () => {
    expect(order(withRead(list, 'bob'))).toEqual(['ann:0', 'bob:0', 'cy:0']);
    expect(sumUnread([conv('a', 1, 2), conv('b', 2, 3)])).toBe(5);
  });
});

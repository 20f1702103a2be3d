import { describe, expect, it } from 'vitest';
import { MESSAGES_PAGE_SIZE, type DirectMessage } from '@myworld/schemas';
import { mergeMessages, withEarlierPage, withLatestPage, withMessage } from './thread.ts';

const at = (n: number, id = `m${String(n).padStart(4, '0')}`): DirectMessage => ({
  id,
  senderId: 'a',
  receiverId: 'b',
  content: `#${n}`,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => at(from + i));
const ids = (messages: DirectMessage[]) => messages.map((m) => m.content);

describe('a thread', () => {
  it('merges oldest first, each message once', () => {
    expect(ids(mergeMessages([at(3), at(1)], [at(2), at(3)]))).toEqual(['#1', '#2', '#3']);
  });

  it('a first latest page says whether earlier messages may exist (a full page)', () => {
    expect(withLatestPage(undefined, range(0, 3)).hasEarlier).toBe(false);
    expect(withLatestPage(undefined, range(0, MESSAGES_PAGE_SIZE)).hasEarlier).toBe(true);
  });

  it('a later latest page adds the new messages and keeps earlier pages (a poll moving forward opens no hole)', () => {
    const loaded = withEarlierPage(withLatestPage(undefined, range(50, 100)), range(0, 50));
    expect(loaded.messages).toHaveLength(100);
    const polled = withLatestPage(loaded, range(52, 102));
    expect(ids(polled.messages).slice(-3)).toEqual(['#99', '#100', '#101']);
    expect(polled.messages).toHaveLength(102);
    expect(polled.hasEarlier).toBe(true);
  });

  it('a full latest page sharing nothing with the thread starts it over (more than a page came meanwhile)', () => {
    const stale = withLatestPage(undefined, range(0, 10));
    const next = withLatestPage(stale, range(200, 200 + MESSAGES_PAGE_SIZE));
    expect(next.messages[0]!.content).toBe('#200');
    expect(next.messages).toHaveLength(MESSAGES_PAGE_SIZE);
    expect(next.hasEarlier).toBe(true);
  });

  it('an earlier page short of full is the start of the conversation', () => {
    const thread = withLatestPage(undefined, range(10, 10 + MESSAGES_PAGE_SIZE));
    expect(withEarlierPage(thread, range(0, 10)).hasEarlier).toBe(false);
    expect(withEarlierPage(thread, range(0, 10)).messages).toHaveLength(MESSAGES_PAGE_SIZE + 10);
  });

  it('a pushed message is added once, in time order', () => {
    const thread = withLatestPage(undefined, [at(1), at(3)]);
    const once = withMessage(thread, at(2));
    expect(ids(withMessage(once, at(2)).messages)).toEqual(['#1', '#2', '#3']);
  });
});

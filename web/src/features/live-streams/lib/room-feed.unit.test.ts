import { describe, expect, it } from 'vitest';
import type { ReceivedGift, StreamChatMessage } from '@myworld/schemas';
import { addToFeed, feedAfterHistory } from './room-feed.ts';

const line = (id: string): StreamChatMessage => ({
  id,
  content: `line ${id}`,
  createdAt: '2026-01-01T00:00:00.000Z',
  user: { id: 'u1', username: 'fan', profileImageUrl: null },
});
const gift = (id: string): ReceivedGift => ({
  id,
  giftType: 'rose',
  emoji: '🌹',
  quantity: 1,
  message: 'Hi',
  sender: { id: 'u2', username: 'giver' },
});
const keys = (feed: readonly { key: string }[]) => feed.map((i) => i.key);

describe('addToFeed', () => {
  it("keeps this stream's chat lines and gifts in the order they came, each once", () => {
    let feed = addToFeed([], { type: 'chat_message', streamId: 's1', message: line('m1') }, 's1');
    feed = addToFeed(feed, { type: 'gift_received', streamId: 's1', gift: gift('g1'), totalGiftsReceived: 100 }, 's1');
    feed = addToFeed(feed, { type: 'gift_received', streamId: 's1', gift: gift('g1'), totalGiftsReceived: 100 }, 's1');
    feed = addToFeed(feed, { type: 'chat_message', streamId: 's1', message: line('m2') }, 's1');
    expect(keys(feed)).toEqual(['chat:m1', 'gift:g1', 'chat:m2']);
  });

  it("ignores other streams' messages and other kinds, returning the same feed", () => {
    const feed = addToFeed([], { type: 'chat_message', streamId: 's1', message: line('m1') }, 's1');
    expect(addToFeed(feed, { type: 'chat_message', streamId: 's2', message: line('m2') }, 's1')).toBe(feed);
    expect(addToFeed(feed, { type: 'viewer_left', streamId: 's1', viewerCount: 2 }, 's1')).toBe(feed);
  });

  it('keeps the newest `max` items', () => {
    let feed = addToFeed([], { type: 'chat_message', streamId: 's1', message: line('m1') }, 's1', 2);
    feed = addToFeed(feed, { type: 'chat_message', streamId: 's1', message: line('m2') }, 's1', 2);
    feed = addToFeed(feed, { type: 'gift_received', streamId: 's1', gift: gift('g1'), totalGiftsReceived: 1 }, 's1', 2);
    expect(keys(feed)).toEqual(['chat:m2', 'gift:g1']);
  });
});

describe('feedAfterHistory', () => {
  it('puts the fetched history first and shows a line heard live and fetched once', () => {
    const live = addToFeed([], { type: 'chat_message', streamId: 's1', message: line('m2') }, 's1');
    expect(keys(feedAfterHistory([line('m1'), line('m2')], live))).toEqual(['chat:m1', 'chat:m2']);
  });
});

import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReceivedGift, ServerMessage } from '@myworld/schemas';
import { useReceivedGifts } from './use-received-gifts.ts';

const gift = (id: string, overrides: Partial<ReceivedGift> = {}): ReceivedGift => ({
  id,
  giftType: 'rose',
  emoji: '🌹',
  quantity: 1,
  message: '',
  sender: { id: 'u2', username: 'sam' },
  ...overrides,
});
const received = (streamId: string, g: ReceivedGift, totalGiftsReceived: number): ServerMessage => ({
  type: 'gift_received',
  streamId,
  gift: g,
  totalGiftsReceived,
});

describe('useReceivedGifts', () => {
  it("keeps this stream's gifts once each, in order, with the latest total", () => {
    const { result } = renderHook(() => useReceivedGifts('s1'));
    expect(result.current.gifts).toEqual([]);
    expect(result.current.totalGiftsReceived).toBeNull();
    act(() => {
      result.current.onMessage(received('s1', gift('g1'), 100));
      result.current.onMessage(received('s1', gift('g2', { giftType: 'heart', emoji: '❤️' }), 600));
      result.current.onMessage(received('s1', gift('g1'), 600)); // redelivered
      result.current.onMessage(received('s2', gift('g3'), 9_999)); // another room
      result.current.onMessage({ type: 'stream_ended', streamId: 's1', reason: 'owner' });
    });
    expect(result.current.gifts.map((g) => g.id)).toEqual(['g1', 'g2']);
    expect(result.current.totalGiftsReceived).toBe(600);
  });

  it('starts over when the page moves to another stream', () => {
    const { result, rerender } = renderHook(({ id }) => useReceivedGifts(id), { initialProps: { id: 's1' } });
    act(() => result.current.onMessage(received('s1', gift('g1'), 100)));
    rerender({ id: 's2' });
    expect(result.current.gifts).toEqual([]);
    expect(result.current.totalGiftsReceived).toBeNull();
    act(() => result.current.onMessage(received('s2', gift('g9'), 500)));
    expect(result.current.gifts.map((g) => g.id)).toEqual(['g9']);
    expect(result.current.totalGiftsReceived).toBe(500);
  });
});

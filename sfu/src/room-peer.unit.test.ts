import { describe, expect, it } from 'vitest';
import { RoomPeer } from './room-peer.ts';

describe('RoomPeer reservations', () => {
  it('count pending slots until released, and refuse past the maximum without reserving', () => {
    const peer = new RoomPeer('p');
    const first = peer.reserve('consumers', 2, 3);
    expect(() => peer.reserve('consumers', 2, 3)).toThrow(
      expect.objectContaining({ code: 'limit-exceeded', limit: { name: 'consumers', max: 3 } }),
    );
    const second = peer.reserve('consumers', 1, 3);
    expect(() => peer.reserve('consumers', 1, 3)).toThrow(/at most 3 consumers/);
    first.releaseAll();
    first.releaseAll();
    second.release();
    second.release();
    expect(() => peer.reserve('consumers', 3, 3)).not.toThrow();
  });

  it('keeps one slot per transport direction', () => {
    const peer = new RoomPeer('p');
    peer.reserve('send-transports', 1, 1);
    expect(() => peer.reserve('send-transports', 1, 1)).toThrow(/at most 1 send transport in a stream/);
    expect(() => peer.reserve('recv-transports', 1, 1)).not.toThrow();
  });
});

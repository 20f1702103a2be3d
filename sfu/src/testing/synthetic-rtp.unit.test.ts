import { describe, expect, it } from 'vitest';
import { SYNTHETIC_VP8_PAYLOAD_TYPE, packetIndex, syntheticVp8Stream } from './synthetic-rtp.ts';

describe('syntheticVp8Stream', () => {
  it('writes RTP and VP8 headers mediasoup accepts, a keyframe per frame and the packet index', () => {
    const rtp = syntheticVp8Stream({ ssrc: 42, payloadBytes: 100, packetsPerFrame: 3 });
    const [first, middle, last, nextFrame] = [rtp.next(), rtp.next(), rtp.next(), rtp.next()];

    expect(first.length).toBe(12 + 5 + 100);
    expect(first[0]).toBe(0x80);
    expect(first[1]).toBe(SYNTHETIC_VP8_PAYLOAD_TYPE);
    expect(first.readUInt32BE(8)).toBe(42);
    expect(middle.readUInt16BE(2)).toBe((first.readUInt16BE(2) + 1) & 0xffff);
    expect(last[1]).toBe(0x80 | SYNTHETIC_VP8_PAYLOAD_TYPE); // marker on the frame's last packet
    expect(nextFrame.readUInt32BE(4)).not.toBe(first.readUInt32BE(4)); // next frame, next timestamp

    // Descriptor: X and S on a frame's first packet, then I/L and a 15-bit PictureID.
    expect(first[12]).toBe(0x90);
    expect(middle[12]).toBe(0x80);
    expect(first[13]).toBe(0xc0);
    // Keyframe: P bit clear, then the VP8 start code.
    expect(first[17]! & 0x01).toBe(0);
    expect([...first.subarray(20, 23)]).toEqual([0x9d, 0x01, 0x2a]);

    expect([first, middle, last, nextFrame].map(packetIndex)).toEqual([0, 1, 2, 3]);
    expect(rtp.sent).toBe(4);
  });
});

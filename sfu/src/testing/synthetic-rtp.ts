import type { types } from 'mediasoup';

/**
 * Synthetic VP8 over RTP, for tests and the fan-out benchmark: packets mediasoup parses as real
 * VP8 (payload descriptor, keyframe header) without an encoder. Every frame is a keyframe, so a
 * consumer that was just resumed forwards from the next frame on instead of waiting for one.
 */

export const SYNTHETIC_VP8_PAYLOAD_TYPE = 101;

/** Producer rtpParameters matching the packets below. */
export function syntheticVp8RtpParameters(ssrc: number): types.RtpParameters {
  return {
    codecs: [{ mimeType: 'video/VP8', payloadType: SYNTHETIC_VP8_PAYLOAD_TYPE, clockRate: 90000 }],
    encodings: [{ ssrc }],
  };
}

export type SyntheticVp8Stream = {
  /** The next packet of the stream; `payloadBytes` of VP8 data after the headers, ending with the packet's index (see packetIndex). */
  next(): Buffer;
  /** Packets handed out so far. */
  readonly sent: number;
};

/**
 * @param packetsPerFrame packets per video frame: the first carries the keyframe header and the
 *   last the RTP marker bit. 1000 pkt/s at 25 packets per frame is 40 frames/s.
 */
export function syntheticVp8Stream({
  ssrc,
  payloadBytes = 1000,
  packetsPerFrame = 25,
  framesPerSecond = 40,
}: {
  ssrc: number;
  payloadBytes?: number;
  packetsPerFrame?: number;
  framesPerSecond?: number;
}): SyntheticVp8Stream {
  // Random starting points, as real senders use.
  let sequence = Math.floor(Math.random() * 0x10000);
  let timestamp = Math.floor(Math.random() * 0x100000000);
  let pictureId = Math.floor(Math.random() * 0x8000);
  let indexInFrame = 0;
  let sent = 0;
  const template = Buffer.alloc(RTP_HEADER_BYTES + VP8_DESCRIPTOR_BYTES + payloadBytes, 0x5a);

  return {
    get sent() {
      return sent;
    },
    next() {
      const packet = Buffer.from(template);
      const first = indexInFrame === 0;
      const last = indexInFrame === packetsPerFrame - 1;
      // RTP header: version 2, marker on a frame's last packet, 16-bit sequence, 90 kHz timestamp.
      packet[0] = 0x80;
      packet[1] = (last ? 0x80 : 0) | SYNTHETIC_VP8_PAYLOAD_TYPE;
      packet.writeUInt16BE(sequence, 2);
      packet.writeUInt32BE(timestamp >>> 0, 4);
      packet.writeUInt32BE(ssrc >>> 0, 8);
      // VP8 payload descriptor as browsers send it (mediasoup ignores one without the X byte):
      // X=1 and S (start of partition) on a frame's first packet; I=1 and L=1; a 15-bit PictureID;
      // TL0PICIDX.
      const d = RTP_HEADER_BYTES;
      packet[d] = first ? 0x90 : 0x80;
      packet[d + 1] = 0xc0;
      packet.writeUInt16BE(0x8000 | pictureId, d + 2);
      packet[d + 4] = pictureId & 0xff;
      if (first) writeVp8KeyframeHeader(packet, d + VP8_DESCRIPTOR_BYTES);
      // The packet's index in the stream, so receivers can count exactly which packets arrived.
      packet.writeUInt32BE(sent >>> 0, packet.length - 4);

      sequence = (sequence + 1) & 0xffff;
      sent += 1;
      indexInFrame += 1;
      if (last) {
        indexInFrame = 0;
        timestamp = (timestamp + Math.round(90000 / framesPerSecond)) >>> 0;
        pictureId = (pictureId + 1) & 0x7fff;
      }
      return packet;
    },
  };
}

const RTP_HEADER_BYTES = 12;
const VP8_DESCRIPTOR_BYTES = 5;

// VP8 keyframe (RFC 6386 9.1): frame tag with P=0 (key frame), show_frame=1, then the start code
// and a 640x480 size, which is what mediasoup looks at to tell keyframes apart.
function writeVp8KeyframeHeader(packet: Buffer, offset: number): void {
  packet[offset] = 0x10; // P=0 (keyframe), version 0, show_frame=1
  packet[offset + 1] = 0x00;
  packet[offset + 2] = 0x00;
  packet[offset + 3] = 0x9d;
  packet[offset + 4] = 0x01;
  packet[offset + 5] = 0x2a;
  packet.writeUInt16LE(640, offset + 6);
  packet.writeUInt16LE(480, offset + 8);
}

/** The index syntheticVp8Stream wrote into a packet (its last 4 bytes; mediasoup forwards the payload unchanged). */
export function packetIndex(packet: Buffer): number {
  return packet.readUInt32BE(packet.length - 4);
}

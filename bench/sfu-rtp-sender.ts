import { createSocket } from 'node:dgram';
import { syntheticVp8Stream } from '@myworld/sfu/testing';

export type PacedSender = { readonly sent: number; stop(): void };

/**
 * Sends synthetic VP8 at `packetsPerSecond` to the SFU. Pacing follows the clock (each 2 ms tick
 * sends whatever is due), so a busy event loop makes bursts but keeps the average rate.
 */
export function startPacedSender({
  ssrc,
  ip,
  port,
  packetsPerSecond,
  payloadBytes,
}: {
  ssrc: number;
  ip: string;
  port: number;
  packetsPerSecond: number;
  payloadBytes: number;
}): PacedSender {
  const socket = createSocket('udp4');
  const rtp = syntheticVp8Stream({
    ssrc,
    payloadBytes,
    packetsPerFrame: Math.max(1, Math.round(packetsPerSecond / 30)),
    framesPerSecond: 30,
  });
  const started = performance.now();
  const timer = setInterval(() => {
    const due = Math.floor(((performance.now() - started) / 1000) * packetsPerSecond) - rtp.sent;
    for (let i = 0; i < due; i++) socket.send(rtp.next(), port, ip);
  }, 2);
  return {
    get sent() {
      return rtp.sent;
    },
    stop() {
      clearInterval(timer);
      socket.close();
    },
  };
}

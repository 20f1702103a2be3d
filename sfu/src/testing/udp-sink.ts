import { createSocket } from 'node:dgram';
import { packetIndex } from './synthetic-rtp.ts';

/** A UDP socket on 127.0.0.1 that counts what a plain transport consumer sends it. */
export type UdpSink = {
  port: number;
  /** Media RTP packets received (RTCP and mediasoup's probation padding are not counted). */
  readonly packets: number;
  /**
   * Counts from now on the synthetic packets (see packetIndex) whose index is in [from, to), so a
   * benchmark knows exactly which packets of a window arrived, however late they are read.
   */
  countWindow(from: number, to: number): void;
  /** Packets of the current window received so far. */
  readonly inWindow: number;
  /** The highest synthetic packet index received so far (-1 before any): how far the stream has got here. */
  readonly highestIndex: number;
  /** Resolves once `count` RTP packets have arrived in total, or rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs: number): Promise<void>;
  close(): Promise<void>;
};

const MEDIASOUP_PROBATION_PAYLOAD_TYPE = 127;

/** receiveBufferBytes: room for bursts while the process is busy (the kernel caps it at net.core.rmem_max). Default: 1 MiB. */
export async function openUdpSink({
  receiveBufferBytes = 1 << 20,
}: { receiveBufferBytes?: number } = {}): Promise<UdpSink> {
  const socket = createSocket('udp4');
  let packets = 0;
  let window = { from: 0, to: 0 };
  let inWindow = 0;
  let highestIndex = -1;
  let waiter: { count: number; resolve: () => void } | undefined;
  socket.on('message', (message) => {
    // With rtcp-mux, RTCP shares the port: its packet types 200-204 fill the second byte.
    const secondByte = message[1] ?? 0;
    if (secondByte >= 200 && secondByte <= 204) return;
    // Payload type 127 is mediasoup's bandwidth probation (padding only), not media.
    if ((secondByte & 0x7f) === MEDIASOUP_PROBATION_PAYLOAD_TYPE) return;
    packets += 1;
    if (message.length >= 4) {
      const index = packetIndex(message);
      if (index >= window.from && index < window.to) inWindow += 1;
      if (index > highestIndex) highestIndex = index;
    }
    if (waiter && packets >= waiter.count) waiter.resolve();
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  socket.setRecvBufferSize(receiveBufferBytes);

  return {
    port: socket.address().port,
    get packets() {
      return packets;
    },
    countWindow(from, to) {
      window = { from, to };
      inWindow = 0;
    },
    get inWindow() {
      return inWindow;
    },
    get highestIndex() {
      return highestIndex;
    },
    waitFor(count, timeoutMs) {
      if (packets >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`UDP sink got ${packets} of ${count} packets in ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            waiter = undefined;
            resolve();
          },
        };
      });
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

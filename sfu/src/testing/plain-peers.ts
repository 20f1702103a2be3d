import { createSocket, type Socket } from 'node:dgram';
import type { Sfu } from '../sfu.ts';
import { syntheticVp8RtpParameters, syntheticVp8Stream } from './synthetic-rtp.ts';
import { openUdpSink, type UdpSink } from './udp-sink.ts';

/**
 * Broadcasters and viewers over plain RTP transports, so tests see real media flow without a
 * browser. Each helper returns what it opened; `close()` frees its local sockets.
 */

export type PlainBroadcaster = {
  transportId: string;
  /** The producer of the first track. */
  producerId: string;
  producerIds: string[];
  /** Sends `count` synthetic VP8 packets of the first track, paced in small bursts. */
  send(count: number): Promise<void>;
  close(): void;
};

/** A peer producing `tracks` synthetic VP8 tracks (ssrc 1234, 1235...) over one plain send transport (comedia). Default: 1 track. */
export async function plainBroadcaster(
  sfu: Sfu,
  streamId: string,
  peerId = 'broadcaster',
  { tracks = 1 } = {},
): Promise<PlainBroadcaster> {
  const ingest = await sfu.createPlainTransport(streamId, peerId, 'send', { comedia: true });
  const producerIds: string[] = [];
  for (let i = 0; i < tracks; i++) {
    producerIds.push(
      await sfu.produce(streamId, peerId, ingest.id, {
        kind: 'video',
        rtpParameters: syntheticVp8RtpParameters(1234 + i),
      }),
    );
  }
  const socket: Socket = createSocket('udp4');
  const rtp = syntheticVp8Stream({ ssrc: 1234 });
  const send = async (count: number) => {
    for (let i = 0; i < count; i++) {
      await new Promise<void>((resolve, reject) =>
        socket.send(rtp.next(), ingest.port, ingest.ip, (error) => (error ? reject(error) : resolve())),
      );
      // Small bursts, as a real sender paces them, so a busy machine's socket buffers keep up.
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 1));
    }
  };
  return { transportId: ingest.id, producerId: producerIds[0]!, producerIds, send, close: () => socket.close() };
}

export type PlainViewer = {
  sink: UdpSink;
  transportId: string;
  consumers: Awaited<ReturnType<Sfu['consumeAll']>>;
  close(): Promise<void>;
};

/** A peer receiving over a plain recv transport into a local UDP sink, every producer consumed and resumed. */
export async function plainViewer(sfu: Sfu, streamId: string, peerId: string): Promise<PlainViewer> {
  const sink = await openUdpSink();
  try {
    const transport = await sfu.createPlainTransport(streamId, peerId, 'recv');
    await sfu.connectPlainTransport(streamId, peerId, transport.id, { ip: '127.0.0.1', port: sink.port });
    const consumers = await sfu.consumeAll(streamId, peerId, transport.id, await sfu.getRtpCapabilities(streamId));
    for (const consumer of consumers) await sfu.resumeConsumer(streamId, peerId, consumer.id);
    return { sink, transportId: transport.id, consumers, close: () => sink.close() };
  } catch (error) {
    await sink.close();
    throw error;
  }
}

import { EventEmitter } from 'node:events';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { types } from 'mediasoup';
import type { SfuConfig } from './config.ts';
import { SfuError } from './errors.ts';
import { pipeListenInfo } from './listen-infos.ts';
import type { MediaRoom } from './media-room.ts';

/** Where one end of a pipe receives RTP, as the other end connects to it. */
export type PipeAddress = { ip: string; port: number; srtpParameters?: types.SrtpParameters | undefined };

/** One producer as it crosses a pipe: the sending end's consumer, produced again at the receiving end. */
export type PipedProducer = {
  producerId: string;
  /** The peer (socket) that produces it on its own instance: viewers group a peer's tracks by it. */
  peerId: string;
  kind: types.MediaKind;
  rtpParameters: types.RtpParameters;
  paused: boolean;
};

export type PipeEndEvents = {
  /** A producer sent over this pipe closed at its source: tell the other end to close its copy. */
  sentProducerClosed: [producerId: string];
  /** The pipe transport closed (the room closed, or close() was called). */
  closed: [];
};

/**
 * One end of a pipe between this instance's router for a stream and another instance's router for
 * the same stream: what mediasoup's `router.pipeToRouter` does inside one host, split in two so
 * that the halves can live in different processes (the signalling between them is the caller's).
 * Both ends: `open`, exchange `address`es, `connect`. Then the sending end `send`s a producer (a
 * consumer on the pipe) and the receiving end `receive`s it (a producer on the pipe with the same
 * id, adopted into its room). A pipe carries media both ways (a duet partner on the other instance).
 * SRTP protects it and RTX repairs its losses, as the two may be on different hosts.
 */
export class PipeEnd extends EventEmitter<PipeEndEvents> {
  private readonly sent = new Map<string, types.Consumer>();
  private readonly received = new Map<string, types.Producer>();

  private constructor(
    private readonly room: MediaRoom,
    private readonly transport: types.PipeTransport,
  ) {
    super();
    transport.observer.once('close', () => this.emit('closed'));
  }

  static async open(room: MediaRoom, config: SfuConfig): Promise<PipeEnd> {
    const transport = await room.originRouter.createPipeTransport({
      listenInfo: pipeListenInfo(config),
      enableSrtp: true,
      enableRtx: true,
      appData: { pipe: true },
    });
    return new PipeEnd(room, transport);
  }

  get streamId(): string {
    return this.room.streamId;
  }

  get closed(): boolean {
    return this.transport.closed;
  }

  /** Where this end receives: give it to the other end's `connect`. */
  get address(): PipeAddress {
    const { localAddress, localPort } = this.transport.tuple;
    return { ip: localAddress, port: localPort, srtpParameters: this.transport.srtpParameters };
  }

  /** Sends to (and accepts from) the other end; a hostname is resolved first (mediasoup takes IPs). */
  async connect(remote: PipeAddress): Promise<void> {
    const ip = isIP(remote.ip) ? remote.ip : (await lookup(remote.ip)).address;
    await this.transport.connect({ ip, port: remote.port, srtpParameters: remote.srtpParameters });
  }

  /** Starts forwarding one of the room's producers over the pipe; the other end `receive`s what this returns. */
  async send(producerId: string): Promise<PipedProducer> {
    const source = this.room.producers().find((p) => p.producerId === producerId);
    if (!source) throw new SfuError('cannot-consume', `stream ${this.streamId} has no producer ${producerId}`);
    const consumer = await this.transport.consume({ producerId });
    this.sent.set(producerId, consumer);
    consumer.observer.once('close', () => this.sent.delete(producerId));
    consumer.once('producerclose', () => this.emit('sentProducerClosed', producerId));
    return {
      producerId,
      peerId: source.peerId,
      kind: consumer.kind,
      rtpParameters: consumer.rtpParameters,
      paused: consumer.producerPaused,
    };
  }

  /** Whether this end forwards `producerId` to the other end already. */
  isSending(producerId: string): boolean {
    return this.sent.has(producerId);
  }

  /** The other end no longer wants `producerId` (its copy closed): stop forwarding it. */
  stopSending(producerId: string): void {
    this.sent.get(producerId)?.close();
  }

  /** Whether `producerId` came in over this pipe (so it is never sent back over it). */
  isReceiving(producerId: string): boolean {
    return this.received.has(producerId);
  }

  /** Produces what the other end sent, under the same id and peer, into this end's room (viewers consume it there). */
  async receive(piped: PipedProducer): Promise<void> {
    const producer = await this.transport.produce({
      id: piped.producerId,
      kind: piped.kind,
      rtpParameters: piped.rtpParameters,
      paused: piped.paused,
      appData: { peerId: piped.peerId, piped: true },
    });
    this.received.set(piped.producerId, producer);
    producer.observer.once('close', () => this.received.delete(piped.producerId));
    this.room.adoptProducer(piped.peerId, producer);
  }

  /** The source of a received producer closed: its copy here closes (and viewers' consumers of it). */
  closeReceived(producerId: string): void {
    this.received.get(producerId)?.close();
  }

  /** Closes the transport, and with it everything sent and received over it. */
  close(): void {
    this.transport.close();
  }
}

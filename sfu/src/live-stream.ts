import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import type { SfuConfig } from './config.ts';
import { SfuError } from './errors.ts';
import { plainListenInfo, webRtcListenInfos } from './listen-infos.ts';
import { StreamPeer } from './stream-peer.ts';
import type {
  ConsumerClosedEvent,
  ConsumerParams,
  PlainRemote,
  PlainTransportParams,
  ProducerAddedEvent,
  ProducerInfo,
  TransportDirection,
  WebRtcTransportParams,
} from './types.ts';

type TransportAppData = { direction: TransportDirection };

export type LiveStreamEvents = {
  producerAdded: [event: ProducerAddedEvent];
  consumerClosed: [event: ConsumerClosedEvent];
  /** The router closed underneath the stream (its worker died). */
  lost: [];
};

/**
 * One live stream: a mediasoup router and the peers (broadcaster, viewers) attached to it.
 * Peers appear on their first transport and disappear on leave().
 */
export class LiveStream extends EventEmitter<LiveStreamEvents> {
  private readonly peers = new Map<string, StreamPeer>();

  constructor(
    readonly streamId: string,
    readonly router: types.Router,
    private readonly config: SfuConfig,
  ) {
    super();
    router.once('workerclose', () => this.emit('lost'));
  }

  get closed(): boolean {
    return this.router.closed;
  }

  get rtpCapabilities(): types.RtpCapabilities {
    return this.router.rtpCapabilities;
  }

  async createWebRtcTransport(peerId: string, direction: TransportDirection): Promise<WebRtcTransportParams> {
    const transport = await this.router.createWebRtcTransport<TransportAppData>({
      listenInfos: webRtcListenInfos(this.config, direction),
      initialAvailableOutgoingBitrate: this.config.initialOutgoingBitrate,
      appData: { direction },
    });
    this.peer(peerId, { create: true }).addTransport(transport);
    return {
      id: transport.id,
      iceParameters: transport.iceParameters,
      iceCandidates: transport.iceCandidates,
      dtlsParameters: transport.dtlsParameters,
    };
  }

  /** comedia: learn the remote address from the first packet (ingest from behind NAT); else call connectPlainTransport. */
  async createPlainTransport(
    peerId: string,
    direction: TransportDirection,
    { comedia = false }: { comedia?: boolean } = {},
  ): Promise<PlainTransportParams> {
    const transport = await this.router.createPlainTransport<TransportAppData>({
      listenInfo: plainListenInfo(this.config, direction),
      rtcpMux: true,
      comedia,
      appData: { direction },
    });
    this.peer(peerId, { create: true }).addTransport(transport);
    const { localIp, localPort } = transport.tuple;
    return { id: transport.id, ip: localIp, port: localPort };
  }

  async connectWebRtcTransport(peerId: string, transportId: string, dtlsParameters: types.DtlsParameters): Promise<void> {
    const transport = this.transportOfType(peerId, transportId, 'webrtc');
    await transport.connect({ dtlsParameters });
  }

  async connectPlainTransport(peerId: string, transportId: string, remote: PlainRemote): Promise<void> {
    const transport = this.transportOfType(peerId, transportId, 'plain');
    await transport.connect({ ip: remote.ip, port: remote.port });
  }

  async produce(
    peerId: string,
    transportId: string,
    { kind, rtpParameters }: { kind: types.MediaKind; rtpParameters: types.RtpParameters },
  ): Promise<string> {
    const peer = this.peer(peerId);
    const transport = this.transportFor(peer, transportId, 'send');
    const producer = await transport.produce({ kind, rtpParameters, appData: { peerId } });
    peer.addProducer(producer);
    this.emit('producerAdded', { streamId: this.streamId, producerId: producer.id, peerId, kind });
    return producer.id;
  }

  /** Every producer of the stream, for a viewer that joins after the broadcaster. */
  producers(): ProducerInfo[] {
    return [...this.peers.values()].flatMap((peer) =>
      [...peer.producers.values()].map((p) => ({ producerId: p.id, peerId: peer.peerId, kind: p.kind })),
    );
  }

  /**
   * Consumes every producer of other peers that this peer does not consume yet (so calling it
   * again after a producerAdded event is safe). Producers its device cannot decode are skipped.
   */
  async consumeAll(peerId: string, transportId: string, rtpCapabilities: types.RtpCapabilities): Promise<ConsumerParams[]> {
    const peer = this.peer(peerId);
    const wanted = this.producers().filter(
      (p) =>
        p.peerId !== peerId &&
        !peer.isConsuming(p.producerId) &&
        this.router.canConsume({ producerId: p.producerId, rtpCapabilities }),
    );
    const consumed: ConsumerParams[] = [];
    for (const p of wanted) consumed.push(await this.consume(peerId, transportId, p.producerId, rtpCapabilities));
    return consumed;
  }

  /** Consumes one producer, created paused: call resumeConsumer once the browser has set the track up. */
  async consume(
    peerId: string,
    transportId: string,
    producerId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerParams> {
    const peer = this.peer(peerId);
    const transport = this.transportFor(peer, transportId, 'recv');
    const owner = this.producers().find((p) => p.producerId === producerId);
    if (!owner || !this.router.canConsume({ producerId, rtpCapabilities })) {
      throw new SfuError('cannot-consume', `peer ${peerId} cannot consume producer ${producerId}`);
    }
    const consumer = await transport.consume({ producerId, rtpCapabilities, paused: true });
    peer.addConsumer(consumer);
    // Tell the gateway when a viewer's track goes away without the viewer asking.
    const onGone = () =>
      this.emit('consumerClosed', { streamId: this.streamId, peerId, consumerId: consumer.id, producerId });
    consumer.once('producerclose', onGone);
    return {
      id: consumer.id,
      producerId,
      producerPeerId: owner.peerId,
      kind: consumer.kind,
      rtpParameters: consumer.rtpParameters,
      type: consumer.type,
      producerPaused: consumer.producerPaused,
    };
  }

  async resumeConsumer(peerId: string, consumerId: string): Promise<void> {
    await this.peer(peerId).consumer(consumerId).resume();
  }

  /** The peer's transports close, and with them its producers (viewers' consumers of them close too) and consumers. */
  leave(peerId: string): void {
    this.peers.get(peerId)?.close();
    this.peers.delete(peerId);
  }

  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  close(): void {
    this.peers.clear();
    this.router.close();
  }

  private peer(peerId: string, { create = false } = {}): StreamPeer {
    let peer = this.peers.get(peerId);
    if (!peer && create) this.peers.set(peerId, (peer = new StreamPeer(peerId)));
    if (!peer) throw new SfuError('peer-not-found', `stream ${this.streamId} has no peer ${peerId}`);
    return peer;
  }

  private transportFor(peer: StreamPeer, transportId: string, direction: TransportDirection): types.Transport {
    const transport = peer.transport(transportId);
    if ((transport.appData as TransportAppData).direction !== direction) {
      throw new SfuError('transport-not-found', `transport ${transportId} is not a ${direction} transport`);
    }
    return transport;
  }

  private transportOfType(peerId: string, transportId: string, type: 'webrtc' | 'plain'): types.Transport {
    const transport = this.peer(peerId).transport(transportId);
    if (transport.type !== type) throw new SfuError('transport-not-found', `transport ${transportId} is not ${type}`);
    return transport;
  }
}

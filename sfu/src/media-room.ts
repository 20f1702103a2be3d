import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import type { SfuConfig } from './config.ts';
import { SfuError } from './errors.ts';
import { plainListenInfo, webRtcListenInfos } from './listen-infos.ts';
import { RoomPeer, directionOf, type Reservation } from './room-peer.ts';
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

export type MediaRoomEvents = {
  producerAdded: [event: ProducerAddedEvent];
  consumerClosed: [event: ConsumerClosedEvent];
  /** The router closed underneath the room (its worker died). */
  lost: [];
};

/**
 * The media of one live stream: a mediasoup router and the peers (broadcaster, viewers) attached
 * to it. Peers appear on their first transport and disappear on leave(). Each peer may open one
 * send and one receive transport and hold a bounded number of producers and consumers; past that
 * a call fails with SfuError('limit-exceeded') before anything (a port, a consumer) is allocated.
 */
export class MediaRoom extends EventEmitter<MediaRoomEvents> {
  private readonly peers = new Map<string, RoomPeer>();

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
    const transport = await this.withTransportSlot(peerId, direction, () =>
      this.router.createWebRtcTransport({
        listenInfos: webRtcListenInfos(this.config, direction),
        initialAvailableOutgoingBitrate: this.config.initialOutgoingBitrate,
        appData: { direction },
      }),
    );
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
    const transport = await this.withTransportSlot(peerId, direction, () =>
      this.router.createPlainTransport({
        listenInfo: plainListenInfo(this.config, direction),
        rtcpMux: true,
        comedia,
        appData: { direction },
      }),
    );
    const { localIp, localPort } = transport.tuple;
    return { id: transport.id, ip: localIp, port: localPort };
  }

  async connectWebRtcTransport(
    peerId: string,
    transportId: string,
    dtlsParameters: types.DtlsParameters,
  ): Promise<void> {
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
    const slot = peer.reserve('producers', 1, this.config.maxProducersPerPeer);
    try {
      const producer = await transport.produce({ kind, rtpParameters, appData: { peerId } });
      peer.addProducer(producer);
      slot.release();
      this.emit('producerAdded', { streamId: this.streamId, producerId: producer.id, peerId, kind });
      return producer.id;
    } finally {
      slot.releaseAll();
    }
  }

  /**
   * A producer another instance's router pipes in (pipe-end.ts), under the id and peer it has
   * there: listed, consumed and announced ('producerAdded') like a local peer's. The peer entry
   * goes with its last piped producer.
   */
  adoptProducer(peerId: string, producer: types.Producer): void {
    const peer = this.peer(peerId, { create: true });
    peer.addProducer(producer);
    producer.observer.once('close', () => {
      if (peer.isEmpty() && this.peers.get(peerId) === peer) this.peers.delete(peerId);
    });
    this.emit('producerAdded', { streamId: this.streamId, producerId: producer.id, peerId, kind: producer.kind });
  }

  /** Every producer of the room, for a viewer that joins after the broadcaster. */
  producers(): ProducerInfo[] {
    return [...this.peers.values()].flatMap((peer) =>
      [...peer.producers.values()].map((p) => ({ producerId: p.id, peerId: peer.peerId, kind: p.kind })),
    );
  }

  /**
   * Consumes every producer of other peers that this peer does not consume yet (so calling it
   * again after a producerAdded event is safe). Producers its device cannot decode are skipped.
   * All or nothing against the consumer limit: when they would not all fit, none is created.
   */
  async consumeAll(
    peerId: string,
    transportId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerParams[]> {
    const peer = this.peer(peerId);
    const transport = this.transportFor(peer, transportId, 'recv');
    const wanted = this.producers().filter(
      (p) =>
        p.peerId !== peerId &&
        !peer.isConsuming(p.producerId) &&
        this.router.canConsume({ producerId: p.producerId, rtpCapabilities }),
    );
    const slots = peer.reserve('consumers', wanted.length, this.config.maxConsumersPerPeer);
    try {
      const consumed: ConsumerParams[] = [];
      for (const p of wanted) consumed.push(await this.createConsumer(peer, transport, p, rtpCapabilities, slots));
      return consumed;
    } finally {
      slots.releaseAll();
    }
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
    const slot = peer.reserve('consumers', 1, this.config.maxConsumersPerPeer);
    try {
      return await this.createConsumer(peer, transport, owner, rtpCapabilities, slot);
    } finally {
      slot.releaseAll();
    }
  }

  /** RTP bytes the room's open producers have received so far (a closed producer no longer counts). */
  async receivedBytes(): Promise<number> {
    const producers = [...this.peers.values()].flatMap((peer) => [...peer.producers.values()]);
    // A producer closing under the call has nothing more to count.
    const stats = await Promise.all(producers.map((producer) => producer.getStats().catch(() => [])));
    return stats.flat().reduce((sum, stream) => sum + stream.byteCount, 0);
  }

  async resumeConsumer(peerId: string, consumerId: string): Promise<void> {
    await this.peer(peerId).consumer(consumerId).resume();
  }

  /** The peer's transports close, and with them its producers (viewers' consumers of them close too) and consumers. */
  leave(peerId: string): void {
    this.peers.get(peerId)?.close();
    this.peers.delete(peerId);
  }

  /** Closes the peer's producers only (its transports and consumers stay). */
  closeProducers(peerId: string): void {
    for (const producer of [...(this.peers.get(peerId)?.producers.values() ?? [])]) producer.close();
  }

  hasPeer(peerId: string): boolean {
    return this.peers.has(peerId);
  }

  close(): void {
    this.peers.clear();
    this.router.close();
  }

  /** Creates a transport in the peer's one slot for `direction`; refused before any port is bound when the slot is taken. */
  private async withTransportSlot<T extends types.Transport>(
    peerId: string,
    direction: TransportDirection,
    create: () => Promise<T>,
  ): Promise<T> {
    const peer = this.peer(peerId, { create: true });
    const slot = peer.reserve(direction === 'send' ? 'send-transports' : 'recv-transports', 1, 1);
    try {
      const transport = await create();
      peer.addTransport(transport);
      slot.release();
      return transport;
    } finally {
      slot.releaseAll();
    }
  }

  private async createConsumer(
    peer: RoomPeer,
    transport: types.Transport,
    owner: ProducerInfo,
    rtpCapabilities: types.RtpCapabilities,
    slot: Reservation,
  ): Promise<ConsumerParams> {
    const { producerId } = owner;
    const consumer = await transport.consume({ producerId, rtpCapabilities, paused: true });
    peer.addConsumer(consumer);
    slot.release();
    // Tell the gateway when a viewer's track goes away without the viewer asking.
    consumer.once('producerclose', () =>
      this.emit('consumerClosed', {
        streamId: this.streamId,
        peerId: peer.peerId,
        consumerId: consumer.id,
        producerId,
      }),
    );
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

  private peer(peerId: string, { create = false } = {}): RoomPeer {
    let peer = this.peers.get(peerId);
    if (!peer && create) this.peers.set(peerId, (peer = new RoomPeer(peerId)));
    if (!peer) throw new SfuError('peer-not-found', `stream ${this.streamId} has no peer ${peerId}`);
    return peer;
  }

  private transportFor(peer: RoomPeer, transportId: string, direction: TransportDirection): types.Transport {
    const transport = peer.transport(transportId);
    if (directionOf(transport) !== direction) {
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

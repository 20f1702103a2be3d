import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import type { SfuConfig } from './config.ts';
import { SfuError } from './errors.ts';
import { plainListenInfo, webRtcListenInfos } from './listen-infos.ts';
import { mediaCodecs } from './media-codecs.ts';
import { RoomPeer, directionOf, type Reservation } from './room-peer.ts';
import { RoomRouter, type ConsumerPromise } from './room-router.ts';
import { placeViewer } from './router-placement.ts';
import { expectedConsumers, type PooledWorker, type WorkerPool } from './worker-pool.ts';
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
  /** A router of the room closed underneath it (its worker died): the stream's media is gone. */
  lost: [];
};

/**
 * The media of one live stream: its routers and the peers (broadcaster, viewers) attached to them.
 * Peers appear on their first transport and disappear on leave(). Each peer may open one send and
 * one receive transport and hold a bounded number of producers and consumers; past that a call
 * fails with SfuError('limit-exceeded') before anything (a port, a consumer) is allocated.
 *
 * Broadcasters produce on the origin router. A viewer's receive transport goes on a router under
 * routerConsumerBudget; when every router of the stream is full, on a new router on the
 * least-loaded other worker, fed every producer by pipeToRouter; when every worker that could take
 * it is at workerConsumerCapacity, the viewer is refused (SfuError 'at-capacity').
 */
export class MediaRoom extends EventEmitter<MediaRoomEvents> {
  private readonly peers = new Map<string, RoomPeer>();
  /** The origin first, then the routers opened for viewers, in the order they were opened. */
  private readonly routers: RoomRouter[] = [];
  private readonly routerOf = new WeakMap<types.Transport, RoomRouter>();
  private growing: Promise<void> | undefined;
  private isLost = false;

  private constructor(
    readonly streamId: string,
    private readonly origin: RoomRouter,
    private readonly pool: WorkerPool,
    private readonly config: SfuConfig,
  ) {
    super();
    this.adopt(origin);
  }

  /** Opens the stream's origin router on the least-loaded worker. */
  static async open(streamId: string, pool: WorkerPool, config: SfuConfig): Promise<MediaRoom> {
    const origin = await openRouter(streamId, pool.leastLoaded(), config);
    return new MediaRoom(streamId, origin, pool, config);
  }

  get closed(): boolean {
    return this.origin.router.closed;
  }

  /** The router every broadcaster produces on; closing it ends the room. */
  get originRouter(): types.Router {
    return this.origin.router;
  }

  /** The workers the room's routers run on, origin first. */
  workers(): types.Worker[] {
    return this.routers.map((r) => r.worker);
  }

  get rtpCapabilities(): types.RtpCapabilities {
    // Every router has the same codecs, so one set of capabilities fits all.
    return this.origin.router.rtpCapabilities;
  }

  async createWebRtcTransport(peerId: string, direction: TransportDirection): Promise<WebRtcTransportParams> {
    const transport = await this.withTransportSlot(peerId, direction, (router) =>
      router.createWebRtcTransport({
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
    const transport = await this.withTransportSlot(peerId, direction, (router) =>
      router.createPlainTransport({
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
      try {
        // Viewers on every router must be able to consume it once they hear of it.
        await Promise.all(this.routers.map((r) => r.pipeFrom(this.origin.router, producer.id)));
      } catch (error) {
        producer.close();
        throw error;
      }
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
    const router = this.routerOfTransport(transport);
    const missing = this.producers().filter((p) => p.peerId !== peerId && !peer.isConsuming(p.producerId));
    // A producer that closed while being piped is simply not on offer any more.
    const piped = await Promise.all(missing.map((p) => this.pipeTo(router, p.producerId)));
    const wanted = missing.filter(
      (p, i) => piped[i] && router.router.canConsume({ producerId: p.producerId, rtpCapabilities }),
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
    const router = this.routerOfTransport(transport);
    const owner = this.producers().find((p) => p.producerId === producerId);
    if (
      !owner ||
      !(await this.pipeTo(router, producerId)) ||
      !router.router.canConsume({ producerId, rtpCapabilities })
    ) {
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
    this.closeIdleRouters();
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
    // Other routers first, so their pipes do not outlive the origin's producers.
    for (const router of this.routers.splice(0).reverse()) router.close();
  }

  /**
   * Creates a transport in the peer's one slot for `direction`; refused before any port is bound
   * when the slot is taken. A send transport goes on the origin; a receive transport where
   * placeViewer says, its consumers promised there until they exist.
   */
  private async withTransportSlot<T extends types.Transport>(
    peerId: string,
    direction: TransportDirection,
    create: (router: types.Router) => Promise<T>,
  ): Promise<T> {
    const peer = this.peer(peerId, { create: true });
    const slot = peer.reserve(direction === 'send' ? 'send-transports' : 'recv-transports', 1, 1);
    let promise: ConsumerPromise | undefined;
    try {
      const target = direction === 'send' ? this.origin : await this.routerForViewer();
      if (direction === 'recv') promise = target.promise(this.consumersPerViewer());
      const transport = await create(target.router);
      this.routerOf.set(transport, target);
      peer.addTransport(transport);
      slot.release();
      if (promise) {
        // From its first consumer on, the viewer counts by what it really consumes.
        const settle = promise.settle;
        transport.observer.once('newconsumer', settle);
        transport.observer.once('close', settle);
      }
      return transport;
    } catch (error) {
      promise?.settle();
      throw error;
    } finally {
      slot.releaseAll();
    }
  }

  /** A viewer consumes every track on air (at least one is counted, for a viewer who comes early). */
  private consumersPerViewer(): number {
    return Math.max(1, this.producers().length);
  }

  /** The router a new viewer's receive transport goes on (see placeViewer); opens one on another worker when needed. */
  private async routerForViewer(): Promise<RoomRouter> {
    for (;;) {
      const viewerConsumers = this.consumersPerViewer();
      const used = new Set(this.workers());
      const free = this.pool.leastLoadedWhere((w) => !used.has(w.worker));
      const placement = placeViewer(
        this.routers.map((r) => ({ consumers: r.expectedConsumers(), workerConsumers: expectedConsumers(r.pooled) })),
        free && expectedConsumers(free),
        viewerConsumers,
        { routerBudget: this.config.routerConsumerBudget, workerCapacity: this.config.workerConsumerCapacity },
      );
      if (placement.kind === 'router') return this.routers[placement.index]!;
      if (placement.kind === 'full') {
        throw new SfuError(
          'at-capacity',
          `stream ${this.streamId} cannot take another viewer: every worker carries its ${this.config.workerConsumerCapacity} consumers`,
        );
      }
      // One new router at a time; whoever waited places again, most likely on it.
      this.growing ??= this.addRouter(free!).finally(() => {
        this.growing = undefined;
      });
      await this.growing;
    }
  }

  /** Opens a router on `pooled` and pipes every producer of the stream into it. */
  private async addRouter(pooled: PooledWorker): Promise<void> {
    const added = await openRouter(this.streamId, pooled, this.config);
    if (this.closed) {
      added.close();
      throw new SfuError('stream-not-found', `stream ${this.streamId} ended`);
    }
    this.adopt(added);
    try {
      await Promise.all(this.producers().map((p) => added.pipeFrom(this.origin.router, p.producerId)));
    } catch (error) {
      this.routers.splice(this.routers.indexOf(added), 1);
      added.close();
      throw error;
    }
  }

  private adopt(router: RoomRouter): void {
    this.routers.push(router);
    // One lost router loses its viewers' media; the gateway reports the whole stream lost, once.
    router.router.once('workerclose', () => {
      if (this.isLost) return;
      this.isLost = true;
      this.close(); // the routers on live workers too
      this.emit('lost');
    });
  }

  /** Routers other than the origin that no viewer uses any more (and none is being placed on) close. */
  private closeIdleRouters(): void {
    const inUse = new Set<RoomRouter>();
    for (const peer of this.peers.values()) {
      for (const transport of peer.transports.values()) {
        const router = this.routerOf.get(transport);
        if (router) inUse.add(router);
      }
    }
    for (const router of this.routers.slice(1)) {
      if (inUse.has(router) || router.expectedConsumers() > 0 || this.growing) continue;
      this.routers.splice(this.routers.indexOf(router), 1);
      router.close();
    }
  }

  /** Pipes the producer to the viewer's router if needed; false when the producer closed meanwhile. */
  private async pipeTo(router: RoomRouter, producerId: string): Promise<boolean> {
    try {
      await router.pipeFrom(this.origin.router, producerId);
      return true;
    } catch (error) {
      if (this.producers().some((p) => p.producerId === producerId)) throw error;
      return false;
    }
  }

  private routerOfTransport(transport: types.Transport): RoomRouter {
    return this.routerOf.get(transport) ?? this.origin;
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

async function openRouter(streamId: string, pooled: PooledWorker, config: SfuConfig): Promise<RoomRouter> {
  const router = await pooled.worker.createRouter({ mediaCodecs: mediaCodecs(config), appData: { streamId } });
  return new RoomRouter(router, pooled, config.ingestRecvBufferBytes);
}

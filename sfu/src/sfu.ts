import { EventEmitter } from 'node:events';
import type { types } from 'mediasoup';
import { sfuConfigSchema, type SfuConfig, type SfuOptions } from './config.ts';
import { SfuError } from './errors.ts';
import { MediaRoom } from './media-room.ts';
import { PipeEnd } from './pipe-end.ts';
import { WorkerPool } from './worker-pool.ts';
import type {
  ConsumerParams,
  PlainRemote,
  PlainTransportParams,
  ProducerInfo,
  SfuEvents,
  SfuStats,
  TransportDirection,
  WebRtcTransportParams,
} from './types.ts';

/**
 * The selective forwarding unit the API's WebSocket gateway drives: one media room per live
 * stream, its first router on the least-loaded worker and, once that router passes
 * routerConsumerBudget, more routers on other workers for new viewers (see MediaRoom); a viewer
 * no worker has room for is refused (SfuError 'at-capacity'). Every call names the stream and the
 * peer (the gateway's id for one browser connection). The gateway decides who may broadcast: the
 * SFU checks that producing happens on a send transport and consuming on a recv transport, and
 * holds each peer to one transport per direction and maxProducersPerPeer / maxConsumersPerPeer
 * (SfuError 'limit-exceeded', refused before a port or consumer is allocated).
 *
 * Broadcaster: openStream → getRtpCapabilities → createWebRtcTransport('send') →
 *   connectWebRtcTransport → produce (audio, video).
 * Viewer: openStream (or the stream is already open) → getRtpCapabilities →
 *   createWebRtcTransport('recv') → connectWebRtcTransport → consumeAll → resumeConsumer (each);
 *   later, on 'producerAdded', consume(producerId) → resumeConsumer.
 * Leaving: leave(streamId, peerId); stopping one broadcaster: closeProducers(streamId, peerId).
 * Stream over: endStream(streamId).
 */
export class Sfu extends EventEmitter<SfuEvents> {
  private readonly rooms = new Map<string, Promise<MediaRoom>>();
  private closed = false;

  private constructor(
    readonly config: SfuConfig,
    private readonly pool: WorkerPool,
  ) {
    super();
  }

  /** Starts the workers. Options not given take their defaults (see config.ts; sfuConfigFromEnv reads SFU_*). */
  static async start(options: SfuOptions = {}): Promise<Sfu> {
    const config = sfuConfigSchema.parse(options);
    const pool = await WorkerPool.start({ size: config.workers, logLevel: config.logLevel, logTags: config.logTags });
    return new Sfu(config, pool);
  }

  /** Creates the stream's (origin) router on the least-loaded worker, or returns the open one. Safe to call concurrently. */
  async openStream(streamId: string): Promise<void> {
    await this.getOrOpen(streamId);
  }

  /** The router's RTP capabilities, for mediasoup-client's device.load({ routerRtpCapabilities }). */
  async getRtpCapabilities(streamId: string): Promise<types.RtpCapabilities> {
    return (await this.room(streamId)).rtpCapabilities;
  }

  /**
   * Throws SfuError('limit-exceeded') when the peer already has a transport in that direction, and
   * SfuError('at-capacity') for a receive transport no worker has room for.
   */
  async createWebRtcTransport(
    streamId: string,
    peerId: string,
    direction: TransportDirection,
  ): Promise<WebRtcTransportParams> {
    return (await this.room(streamId)).createWebRtcTransport(peerId, direction);
  }

  /** Called from the client transport's 'connect' event. */
  async connectWebRtcTransport(
    streamId: string,
    peerId: string,
    transportId: string,
    dtlsParameters: types.DtlsParameters,
  ): Promise<void> {
    await (await this.room(streamId)).connectWebRtcTransport(peerId, transportId, dtlsParameters);
  }

  /** Plain RTP (no ICE/DTLS) for server-side encoders; with comedia the remote address is learnt from the first packet. */
  async createPlainTransport(
    streamId: string,
    peerId: string,
    direction: TransportDirection,
    options: { comedia?: boolean } = {},
  ): Promise<PlainTransportParams> {
    return (await this.room(streamId)).createPlainTransport(peerId, direction, options);
  }

  /** Tells a plain transport where to send RTP (recv direction) or whose RTP to accept (send direction, no comedia). */
  async connectPlainTransport(
    streamId: string,
    peerId: string,
    transportId: string,
    remote: PlainRemote,
  ): Promise<void> {
    await (await this.room(streamId)).connectPlainTransport(peerId, transportId, remote);
  }

  /** Called from the client send transport's 'produce' event; returns the producer id the client callback wants. Emits 'producerAdded'. */
  async produce(
    streamId: string,
    peerId: string,
    transportId: string,
    media: { kind: types.MediaKind; rtpParameters: types.RtpParameters },
  ): Promise<string> {
    return (await this.room(streamId)).produce(peerId, transportId, media);
  }

  /** The stream's producers, e.g. to tell a joining viewer what is on air. */
  async listProducers(streamId: string): Promise<ProducerInfo[]> {
    return (await this.room(streamId)).producers();
  }

  /** Consumers (paused) for every producer this viewer does not consume yet and can decode; none when they would pass maxConsumersPerPeer. */
  async consumeAll(
    streamId: string,
    peerId: string,
    transportId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerParams[]> {
    return (await this.room(streamId)).consumeAll(peerId, transportId, rtpCapabilities);
  }

  /** A consumer (paused) for one producer, e.g. after 'producerAdded'. Throws SfuError('cannot-consume' or 'limit-exceeded'). */
  async consume(
    streamId: string,
    peerId: string,
    transportId: string,
    producerId: string,
    rtpCapabilities: types.RtpCapabilities,
  ): Promise<ConsumerParams> {
    return (await this.room(streamId)).consume(peerId, transportId, producerId, rtpCapabilities);
  }

  /** Starts media once the browser has created the track (consumers start paused so no keyframe is lost). */
  async resumeConsumer(streamId: string, peerId: string, consumerId: string): Promise<void> {
    await (await this.room(streamId)).resumeConsumer(peerId, consumerId);
  }

  /** A peer left (socket closed): closes its transports, producers and consumers. Unknown stream/peer: no-op. */
  async leave(streamId: string, peerId: string): Promise<void> {
    const room = await this.rooms.get(streamId)?.catch(() => undefined);
    room?.leave(peerId);
  }

  /**
   * Stops what one peer broadcasts (e.g. a duet partner whose duet ended) but keeps its transports
   * and what it watches; consumers of those producers close ('consumerClosed'). Unknown stream/peer: no-op.
   */
  async closeProducers(streamId: string, peerId: string): Promise<void> {
    const room = await this.rooms.get(streamId)?.catch(() => undefined);
    room?.closeProducers(peerId);
  }

  /**
   * One end of a pipe on the stream's router, to carry its media to (and from) another API
   * instance's router for the same stream (pipe-end.ts; cluster/ does the signalling).
   */
  async openPipeEnd(streamId: string): Promise<PipeEnd> {
    return PipeEnd.open(await this.room(streamId), this.config);
  }

  /** The id of the stream's router (the registry of streams across instances names it). */
  async routerId(streamId: string): Promise<string> {
    return (await this.room(streamId)).originRouter.id;
  }

  /** The broadcast is over: closes the stream's routers and everything on them. Unknown stream: no-op. */
  async endStream(streamId: string): Promise<void> {
    const pending = this.rooms.get(streamId);
    this.rooms.delete(streamId);
    const room = await pending?.catch(() => undefined);
    room?.close();
  }

  hasStream(streamId: string): boolean {
    return this.rooms.has(streamId);
  }

  /** Counts per worker, for /metrics. */
  stats(): SfuStats {
    const workers = this.pool.list().map(({ worker, load }) => ({
      pid: worker.pid,
      ...load,
      streams: [...this.live.values()].filter((room) => room.workers().includes(worker)).map((room) => room.streamId),
    }));
    return { streams: this.live.size, workers };
  }

  /**
   * Per stream open here, the RTP bytes its producers have received so far. Sample it twice: a
   * total that moved means media is flowing (the API ends a stream whose media never came or stopped).
   */
  async receivedBytes(): Promise<Map<string, number>> {
    const rooms = [...this.live.values()];
    const totals = await Promise.all(rooms.map((room) => room.receivedBytes()));
    return new Map(rooms.map((room, i) => [room.streamId, totals[i]!]));
  }

  /** CPU time (user + system, ms) each worker process has used so far; sample twice for a rate. */
  async workerCpuTimes(): Promise<Array<{ pid: number; cpuMs: number }>> {
    return Promise.all(
      this.pool.list().map(async ({ worker }) => {
        const usage = await worker.getResourceUsage();
        return { pid: worker.pid, cpuMs: usage.ru_utime + usage.ru_stime };
      }),
    );
  }

  /** Shutdown: closes every stream without 'streamLost' events, then the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const pending = [...this.rooms.values()];
    this.rooms.clear();
    for (const room of await Promise.allSettled(pending)) {
      if (room.status === 'fulfilled') {
        room.value.removeAllListeners();
        room.value.close();
      }
    }
    this.pool.close();
  }

  // Rooms whose origin router exists (a subset of `rooms`).
  private readonly live = new Map<string, MediaRoom>();

  private getOrOpen(streamId: string): Promise<MediaRoom> {
    if (this.closed) return Promise.reject(new SfuError('closed', 'the SFU is closed'));
    let pending = this.rooms.get(streamId);
    if (!pending) {
      pending = this.createRoom(streamId);
      this.rooms.set(streamId, pending);
      // A failed open must not stay cached: the next call tries again.
      pending.catch(() => {
        if (this.rooms.get(streamId) === pending) this.rooms.delete(streamId);
      });
    }
    return pending;
  }

  private async createRoom(streamId: string): Promise<MediaRoom> {
    const room = await MediaRoom.open(streamId, this.pool, this.config);
    this.live.set(streamId, room);
    room.originRouter.observer.once('close', () => {
      if (this.live.get(streamId) === room) this.live.delete(streamId);
    });
    room.on('producerAdded', (event) => this.emit('producerAdded', event));
    room.on('consumerClosed', (event) => this.emit('consumerClosed', event));
    // Only a dying worker closes a router without endStream/close, so the map entries are this room's.
    // A dead worker under any of its routers loses the stream (its viewers there have no media left).
    room.once('lost', () => {
      this.live.delete(streamId);
      this.rooms.delete(streamId);
      this.emit('streamLost', streamId, 'worker-died');
    });
    return room;
  }

  private async room(streamId: string): Promise<MediaRoom> {
    const pending = this.rooms.get(streamId);
    if (!pending) throw new SfuError('stream-not-found', `no open stream ${streamId}`);
    return pending;
  }
}

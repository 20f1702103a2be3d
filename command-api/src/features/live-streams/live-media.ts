import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import { CrossInstanceMedia, Sfu, SfuError, type SfuOptions } from '@myworld/sfu';

/** How this instance finds and reaches the other API instances' media (sfu/src/cluster). */
export type LiveMediaCluster = { readonly redis: Redis; readonly leaseMs: number };

/**
 * This API instance's SFU, started on first use (so an instance that never carries media starts
 * no mediasoup workers) and closed with the app, together with its link to the other instances
 * (CrossInstanceMedia): a stream whose media lives on another instance is piped here.
 * `onStreamLost` hears of every stream whose media is gone (its worker died, or the instance that
 * owned it); `onProducerAdded` / `onConsumerClosed` of the tracks coming and going in this
 * instance's rooms (piped ones included).
 */
export class LiveMedia {
  private starting: Promise<{ sfu: Sfu; cluster: CrossInstanceMedia }> | undefined;
  private closed = false;

  constructor(
    private readonly options: SfuOptions,
    private readonly logger: FastifyBaseLogger,
    private readonly listeners: {
      onStreamLost: (streamId: string) => void;
      onProducerAdded: (event: { streamId: string; producerId: string; kind: 'audio' | 'video' }) => void;
      onConsumerClosed: (event: { streamId: string; peerId: string; consumerId: string }) => void;
    },
    private readonly cluster: LiveMediaCluster,
  ) {}

  async sfu(): Promise<Sfu> {
    return (await this.start()).sfu;
  }

  /** The running SFU, if it was started. */
  async started(): Promise<Sfu | undefined> {
    return (await this.starting?.catch(() => undefined))?.sfu;
  }

  /**
   * The stream's media here: this instance's router for it, its owner's (claimed now when no live
   * instance owns the stream) or piped from the instance that owns it.
   */
  async openStream(streamId: string): Promise<void> {
    await (await this.start()).cluster.openStream(streamId);
  }

  /**
   * Whether any track is on air in the stream, here or on the instance that owns it. False while
   * this instance's SFU has not started (joining a room does not start it: most sockets in rooms
   * never ask for media, and the page learns of tracks from media_producer_added anyway).
   */
  async isBroadcasting(streamId: string): Promise<boolean> {
    const running = await this.starting?.catch(() => undefined);
    if (!running) return false;
    const { sfu, cluster } = running;
    if (sfu.hasStream(streamId) && (await sfu.listProducers(streamId).catch(() => [])).length > 0) return true;
    return (await cluster.remoteProducerCount(streamId)) > 0;
  }

  async leave(streamId: string, peerId: string): Promise<void> {
    await (await this.started())?.leave(streamId, peerId);
  }

  /** Stops what one socket broadcasts in the stream (a duet partner's tracks when the duet ends). */
  async closeProducers(streamId: string, peerId: string): Promise<void> {
    await (await this.started())?.closeProducers(streamId, peerId);
  }

  async endStream(streamId: string): Promise<void> {
    await (await this.starting?.catch(() => undefined))?.cluster.endStream(streamId);
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = await this.starting?.catch(() => undefined);
    await running?.cluster.close();
    await running?.sfu.close();
  }

  private start(): Promise<{ sfu: Sfu; cluster: CrossInstanceMedia }> {
    if (this.closed) return Promise.reject(new SfuError('closed', 'the SFU is closed'));
    if (!this.starting) {
      this.starting = this.startSfu();
      this.starting.catch((error: unknown) => {
        this.logger.error({ err: error }, 'the SFU failed to start');
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  private async startSfu(): Promise<{ sfu: Sfu; cluster: CrossInstanceMedia }> {
    const sfu = await Sfu.start(this.options);
    sfu.on('streamLost', (streamId, reason) => {
      this.logger.warn({ streamId, reason }, 'live stream media lost');
      this.listeners.onStreamLost(streamId);
    });
    sfu.on('producerAdded', (e) => this.listeners.onProducerAdded(e));
    sfu.on('consumerClosed', (e) => this.listeners.onConsumerClosed(e));
    try {
      const cluster = await CrossInstanceMedia.start(sfu, this.cluster.redis, {
        leaseMs: this.cluster.leaseMs,
        onError: (error, what) => this.logger.warn({ err: error }, `live media across instances: ${what}`),
      });
      cluster.on('ownerLost', (streamId) => {
        this.logger.warn({ streamId }, 'the API instance that owned a live stream is gone');
        this.listeners.onStreamLost(streamId);
      });
      return { sfu, cluster };
    } catch (error) {
      await sfu.close();
      throw error;
    }
  }
}

/** What a socket is told for each SFU refusal (by the SFU's error code, dashes or underscores). */
const SFU_REFUSALS: Readonly<Record<string, string>> = {
  stream_not_found: 'This stream has no media here',
  peer_not_found: 'Create a transport first',
  transport_not_found: 'Unknown transport',
  consumer_not_found: 'Unknown consumer',
  cannot_consume: 'Your browser cannot play this stream',
  no_live_worker: LIVE_STREAM_MESSAGES.mediaUnavailable,
  closed: 'Live media is shutting down',
  limit_exceeded: LIVE_STREAM_MESSAGES.mediaLimitExceeded,
  at_capacity: LIVE_STREAM_MESSAGES.mediaAtCapacity,
};

/**
 * SFU and mediasoup failures as socket errors: `media_<code>` with the text above (a per-socket
 * limit is `limit_exceeded`, as the client shows it as is); undefined for anything else.
 */
export function describeSfuError(error: unknown): { code: string; message: string } | undefined {
  // mediasoup's own: the worker went away under a request, or the browser offered something it cannot take.
  if (error instanceof Error && error.name === 'InvalidStateError')
    return { code: 'media_unavailable', message: LIVE_STREAM_MESSAGES.mediaUnavailable };
  if (error instanceof Error && error.name === 'UnsupportedError')
    return { code: 'media_unsupported', message: error.message };
  if (!(error instanceof SfuError)) return undefined;
  const code = String(error.code).replace(/-/g, '_');
  if (code === 'limit_exceeded') return { code, message: SFU_REFUSALS[code]! };
  return { code: `media_${code}`, message: SFU_REFUSALS[code] ?? error.message };
}

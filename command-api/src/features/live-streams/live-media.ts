import type { FastifyBaseLogger } from 'fastify';
import { LIVE_STREAM_MESSAGES } from '@myworld/schemas';
import { Sfu, SfuError, type SfuOptions } from '@myworld/sfu';

/**
 * This API instance's SFU, started on first use (so an instance that never carries media starts
 * no mediasoup workers) and closed with the app. `onStreamLost` hears of every stream whose worker
 * died; `onProducerAdded` / `onConsumerClosed` of the tracks coming and going.
 */
export class LiveMedia {
  private starting: Promise<Sfu> | undefined;
  private closed = false;

  constructor(
    private readonly options: SfuOptions,
    private readonly logger: FastifyBaseLogger,
    private readonly listeners: {
      onStreamLost: (streamId: string) => void;
      onProducerAdded: (event: { streamId: string; producerId: string; kind: 'audio' | 'video' }) => void;
      onConsumerClosed: (event: { streamId: string; peerId: string; consumerId: string }) => void;
    },
  ) {}

  sfu(): Promise<Sfu> {
    if (this.closed) return Promise.reject(new SfuError('closed', 'the SFU is closed'));
    if (!this.starting) {
      this.starting = Sfu.start(this.options).then((sfu) => {
        sfu.on('streamLost', (streamId, reason) => {
          this.logger.warn({ streamId, reason }, 'live stream media lost');
          this.listeners.onStreamLost(streamId);
        });
        sfu.on('producerAdded', (e) => this.listeners.onProducerAdded(e));
        sfu.on('consumerClosed', (e) => this.listeners.onConsumerClosed(e));
        return sfu;
      });
      this.starting.catch((error: unknown) => {
        this.logger.error({ err: error }, 'the SFU failed to start');
        this.starting = undefined;
      });
    }
    return this.starting;
  }

  /** The running SFU, if it was started. */
  async started(): Promise<Sfu | undefined> {
    return this.starting?.catch(() => undefined);
  }

  async leave(streamId: string, peerId: string): Promise<void> {
    await (await this.started())?.leave(streamId, peerId);
  }

  /** Stops what one socket broadcasts in the stream (a duet partner's tracks when the duet ends). */
  async closeProducers(streamId: string, peerId: string): Promise<void> {
    await (await this.started())?.closeProducers(streamId, peerId);
  }

  async endStream(streamId: string): Promise<void> {
    await (await this.started())?.endStream(streamId);
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.started())?.close();
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

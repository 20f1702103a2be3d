import type { FastifyBaseLogger } from 'fastify';
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

  async endStream(streamId: string): Promise<void> {
    await (await this.started())?.endStream(streamId);
  }

  async close(): Promise<void> {
    this.closed = true;
    await (await this.started())?.close();
  }
}

/** SFU and mediasoup failures as socket errors. */
export function describeSfuError(error: unknown): { code: string; message: string } | undefined {
  // mediasoup's own: the worker went away under a request, or the browser offered something it cannot take.
  if (error instanceof Error && error.name === 'InvalidStateError') return { code: 'media_unavailable', message: 'Live media is unavailable right now. Please try again.' };
  if (error instanceof Error && error.name === 'UnsupportedError') return { code: 'media_unsupported', message: error.message };
  if (!(error instanceof SfuError)) return undefined;
  const messages: Record<SfuError['code'], string> = {
    'stream-not-found': 'This stream has no media here',
    'peer-not-found': 'Create a transport first',
    'transport-not-found': 'Unknown transport',
    'consumer-not-found': 'Unknown consumer',
    'cannot-consume': 'Your browser cannot play this stream',
    'no-live-worker': 'Live media is unavailable right now. Please try again.',
    closed: 'Live media is shutting down',
  };
  return { code: `media_${error.code.replace(/-/g, '_')}`, message: messages[error.code] };
}

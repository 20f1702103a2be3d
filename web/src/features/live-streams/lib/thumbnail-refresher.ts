import { STREAM_THUMBNAIL_FIRST_MS, STREAM_THUMBNAIL_REFRESH_MS } from '@myworld/schemas';

export interface ThumbnailTimings {
  /** How long after going live the first frame is sent (default STREAM_THUMBNAIL_FIRST_MS, 3 s). */
  readonly firstMs: number;
  /** How often a new frame is sent after that (default STREAM_THUMBNAIL_REFRESH_MS, a minute). */
  readonly everyMs: number;
}

export const DEFAULT_THUMBNAIL_TIMINGS: ThumbnailTimings = {
  firstMs: STREAM_THUMBNAIL_FIRST_MS,
  everyMs: STREAM_THUMBNAIL_REFRESH_MS,
};

/** What one refresh does: take a frame (null: none yet) and send it. */
export interface ThumbnailSource {
  capture(): Promise<Blob | null>;
  upload(frame: Blob): Promise<unknown>;
}

/**
 * Keeps a live stream's thumbnail fresh: a frame shortly after going live, then one each
 * `everyMs`. A failed capture or upload is only logged and the next tick tries again: the
 * thumbnail never interrupts the broadcast. One upload at a time.
 */
export class ThumbnailRefresher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  constructor(
    private readonly source: ThumbnailSource,
    private readonly timings: ThumbnailTimings = DEFAULT_THUMBNAIL_TIMINGS,
  ) {}

  start(): void {
    this.schedule(this.timings.firstMs);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.refresh(), ms);
  }

  private async refresh(): Promise<void> {
    let next = this.timings.everyMs;
    try {
      const frame = await this.source.capture();
      // The camera has shown nothing yet: look again as soon as after going live.
      if (!frame) next = this.timings.firstMs;
      else if (!this.stopped) await this.source.upload(frame);
    } catch (error) {
      console.warn('the stream thumbnail could not be sent; the next one will try again', error);
    } finally {
      this.schedule(next);
    }
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type { SystemEndReason } from '@myworld/schemas';
import { activeStreamsStartedBefore, type LiveStreamsDb, type ReadModels } from '@myworld/projections';
import type { LiveMedia } from './live-media.ts';
import type { MediaActivity } from './media-activity.ts';

export type DeadStreamReason = Extract<SystemEndReason, 'media_never_connected' | 'media_stopped'>;

/** Streams checked per read-model page. */
const SWEEP_PAGE = 500;

/**
 * Whether a live stream is dead at `now`: no media for `timeoutMs` since it went live, or since
 * media last flowed. Undefined while it is alive (or too young to judge).
 */
export function deadStreamReason(
  stream: { startedAt: number; lastMediaAt: number | undefined },
  now: number,
  timeoutMs: number,
): DeadStreamReason | undefined {
  if (now - Math.max(stream.startedAt, stream.lastMediaAt ?? 0) < timeoutMs) return undefined;
  return stream.lastMediaAt === undefined ? 'media_never_connected' : 'media_stopped';
}

/** How often media is sampled and streams swept: often enough that a dead stream ends within about a sixth past its timeout. */
export const sweepIntervalMs = (timeoutMs: number) => Math.min(10_000, Math.max(200, Math.round(timeoutMs / 6)));

/**
 * Ends live streams nobody broadcasts to, so abandoned streams leave the listings. Every interval,
 * each API instance records in Redis which of its SFU's streams received RTP since the last sample;
 * then the one instance holding the sweep lease pages through the streams live for longer than
 * the timeout and ends those with no media in it (the reason says whether media never came or stopped).
 */
export class DeadStreamWatch {
  private readonly intervalMs: number;
  private previousBytes = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly deps: {
      readonly media: LiveMedia;
      readonly activity: MediaActivity;
      readonly readModels: ReadModels;
      readonly logger: FastifyBaseLogger;
      /** Ends the stream for the system and tells its room; resolves once recorded. */
      readonly end: (streamId: string, reason: DeadStreamReason) => Promise<void>;
    },
    private readonly timeoutMs: number,
  ) {
    this.intervalMs = sweepIntervalMs(timeoutMs);
  }

  start(): void {
    this.timer = setInterval(() => {
      // A slow tick (a long sweep) is not overlapped by the next one.
      this.running ??= this.tick().finally(() => (this.running = undefined));
    }, this.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One round: record this instance's flowing media, then sweep if this instance holds the lease. */
  async tick(now = Date.now()): Promise<void> {
    try {
      await this.recordFlowingMedia(now);
      if (await this.deps.activity.takeSweepLease(this.intervalMs)) await this.sweep(now);
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'dead-stream sweep failed; trying again next interval');
    }
  }

  private async recordFlowingMedia(now: number): Promise<void> {
    const sfu = await this.deps.media.started();
    if (!sfu) return;
    const bytes = await sfu.receivedBytes();
    // A total that moved since the last sample means RTP arrived in between.
    const flowing = [...bytes]
      .filter(([streamId, total]) => total > 0 && total !== this.previousBytes.get(streamId))
      .map(([streamId]) => streamId);
    this.previousBytes = bytes;
    await this.deps.activity.markSeen(flowing, now);
  }

  private async sweep(now: number): Promise<void> {
    const db = await this.deps.readModels.query<LiveStreamsDb>('live_streams');
    const before = new Date(now - this.timeoutMs);
    for (let afterId = ''; ;) {
      const page = await activeStreamsStartedBefore(db, before, { afterId, limit: SWEEP_PAGE });
      const lastSeen = await this.deps.activity.lastSeen(page.map((s) => s.id));
      for (const stream of page) {
        const reason = deadStreamReason(
          { startedAt: stream.startedAt.getTime(), lastMediaAt: lastSeen.get(stream.id) },
          now,
          this.timeoutMs,
        );
        if (reason) await this.deps.end(stream.id, reason);
      }
      if (page.length < SWEEP_PAGE) return;
      afterId = page.at(-1)!.id;
    }
  }
}

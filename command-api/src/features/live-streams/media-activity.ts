import type { Redis } from 'ioredis';

/**
 * When media last flowed into each live stream, kept in Redis so every API instance's SFU reports
 * into one place and whichever instance sweeps can judge:
 * - `live-streams:media-seen`: sorted set of stream ids, scored by the last time (epoch ms) the
 *   stream's producers received RTP;
 * - `live-streams:dead-stream-sweep`: a lease (SET NX PX) so one instance sweeps per interval.
 */
export class MediaActivity {
  private readonly seenKey = 'live-streams:media-seen';
  private readonly leaseKey = 'live-streams:dead-stream-sweep';

  constructor(private readonly redis: Redis) {}

  /** Media flowed into these streams at `at`. */
  async markSeen(streamIds: readonly string[], at: number): Promise<void> {
    if (streamIds.length === 0) return;
    await this.redis.zadd(this.seenKey, ...streamIds.flatMap((id) => [at, id]));
  }

  /** When media last flowed into each stream; a stream media never reached has no entry. */
  async lastSeen(streamIds: readonly string[]): Promise<Map<string, number>> {
    if (streamIds.length === 0) return new Map();
    const scores = await this.redis.zmscore(this.seenKey, ...streamIds);
    return new Map(streamIds.flatMap((id, i) => (scores[i] == null ? [] : [[id, Number(scores[i])] as const])));
  }

  /** The stream ended: its entry goes. */
  async forget(streamId: string): Promise<void> {
    await this.redis.zrem(this.seenKey, streamId);
  }

  /** True for the one instance that takes the sweep for the next `ms`. */
  async takeSweepLease(ms: number): Promise<boolean> {
    return (await this.redis.set(this.leaseKey, '1', 'PX', ms, 'NX')) === 'OK';
  }
}

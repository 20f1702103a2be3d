import type { Redis } from 'ioredis';

/** Which instance holds a stream's media (its hub), and the router there. */
export type StreamOwner = { instanceId: string; routerId: string };

/** Deletes (or extends) a key only while it still holds this instance's value. */
const DELETE_IF_MINE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
const EXTEND_IF_MINE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

/**
 * Where each live stream's media lives, in Redis, so every API instance can find it:
 * - `sfu:stream:<streamId>` = `<instanceId> <routerId>` (SET NX PX lease), renewed by the owner
 *   while it holds the stream's router and deleted when it closes it;
 * - `sfu:instance:<instanceId>` (SET PX lease), renewed by each instance's heartbeat: an instance
 *   whose key expired is dead, and its streams may be claimed again.
 */
export class StreamRegistry {
  constructor(
    private readonly redis: Redis,
    private readonly instanceId: string,
    private readonly leaseMs: number,
  ) {}

  private streamKey = (streamId: string) => `sfu:stream:${streamId}`;
  private instanceKey = (instanceId: string) => `sfu:instance:${instanceId}`;

  /** This instance is alive for another lease. */
  async heartbeat(): Promise<void> {
    await this.redis.set(this.instanceKey(this.instanceId), '1', 'PX', this.leaseMs);
  }

  /** This instance stops: it counts as dead at once (others end or re-pipe its streams). */
  async retire(): Promise<void> {
    await this.redis.del(this.instanceKey(this.instanceId));
  }

  async owner(streamId: string): Promise<StreamOwner | undefined> {
    const value = await this.redis.get(this.streamKey(streamId));
    if (!value) return undefined;
    const [instanceId = '', routerId = ''] = value.split(' ');
    return { instanceId, routerId };
  }

  /**
   * Makes this instance the stream's owner unless a live instance owns it already; answers the
   * owner either way. A dead owner's entry is replaced.
   */
  async claim(streamId: string, routerId: string): Promise<StreamOwner> {
    const mine = `${this.instanceId} ${routerId}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      if ((await this.redis.set(this.streamKey(streamId), mine, 'PX', this.leaseMs, 'NX')) === 'OK')
        return { instanceId: this.instanceId, routerId };
      const current = await this.owner(streamId);
      if (!current) continue; // released meanwhile
      if (current.instanceId === this.instanceId) {
        // Ours from a router that has since gone (its worker died): the new router takes it.
        await this.redis.set(this.streamKey(streamId), mine, 'PX', this.leaseMs);
        return { instanceId: this.instanceId, routerId };
      }
      if (await this.isAlive(current.instanceId)) return current;
      await this.redis.eval(DELETE_IF_MINE, 1, this.streamKey(streamId), `${current.instanceId} ${current.routerId}`);
    }
    throw new Error(`could not claim stream ${streamId}: its owner keeps changing`);
  }

  /** Extends this instance's claims on `streams` (those still its own). */
  async renew(streams: ReadonlyArray<{ streamId: string; routerId: string }>): Promise<void> {
    if (streams.length === 0) return;
    const pipeline = this.redis.pipeline();
    for (const { streamId, routerId } of streams)
      pipeline.eval(EXTEND_IF_MINE, 1, this.streamKey(streamId), `${this.instanceId} ${routerId}`, this.leaseMs);
    await pipeline.exec();
  }

  /** Gives up the stream (only if this instance still owns it). */
  async release(streamId: string, routerId: string): Promise<void> {
    await this.redis.eval(DELETE_IF_MINE, 1, this.streamKey(streamId), `${this.instanceId} ${routerId}`);
  }

  async isAlive(instanceId: string): Promise<boolean> {
    return (await this.redis.exists(this.instanceKey(instanceId))) === 1;
  }

  /** The instances of `instanceIds` whose heartbeat expired. */
  async dead(instanceIds: readonly string[]): Promise<Set<string>> {
    if (instanceIds.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const id of instanceIds) pipeline.exists(this.instanceKey(id));
    const results = (await pipeline.exec()) ?? [];
    // A failed lookup (Redis away) is not taken for a death.
    return new Set(instanceIds.filter((_, i) => !results[i]?.[0] && results[i]?.[1] === 0));
  }
}

import type { Redis } from 'ioredis';
import type { LiveStream } from '@myworld/schemas';
import type { Connection } from '../../platform/ws/connection.ts';

/** One hour: the log keeps at most one "viewed" event per viewer, per stream, per hour. */
export const VIEWED_EVENT_WINDOW_SECONDS = 3600;

/**
 * Who is in a live stream's room now, kept in Redis (not in the event log) so it spans API
 * instances and expires when an instance dies without closing its sockets:
 * - `live-streams:viewers:<stream>`: sorted set of viewer socket ids, scored by when they expire
 *   (the viewer count; the streamer's own sockets are not viewers);
 * - `live-streams:members:<stream>:<user>`: the same for each signed-in user's sockets, streamer
 *   included (who may be sent webrtc_* relays);
 * - `live-streams:viewed:<stream>:<viewer>`: SET NX EX 3600, so a viewer (user, or a visitor's
 *   address) causes at most one LiveStreamViewerJoined per hour;
 * - `live-streams:chat:<user>`: chat messages in the current 10 s window.
 * Every entry is refreshed by the gateway's heartbeat while its socket is open.
 */
export class StreamPresence {
  constructor(
    private readonly redis: Redis,
    private readonly ttlSeconds: number,
  ) {}

  private viewersKey = (streamId: string) => `live-streams:viewers:${streamId}`;
  private memberKey = (streamId: string, userId: string) => `live-streams:members:${streamId}:${userId}`;

  /** The socket is in the stream's room; answers the viewer count. */
  async enter(streamId: string, connection: Connection, asViewer: boolean): Promise<number> {
    const now = Date.now();
    const expires = now + this.ttlSeconds * 1000;
    const multi = this.redis.multi();
    if (asViewer)
      multi.zadd(this.viewersKey(streamId), expires, connection.id).expire(this.viewersKey(streamId), this.ttlSeconds);
    if (connection.userId)
      multi
        .zadd(this.memberKey(streamId, connection.userId), expires, connection.id)
        .expire(this.memberKey(streamId, connection.userId), this.ttlSeconds);
    multi.zremrangebyscore(this.viewersKey(streamId), '-inf', now).zcard(this.viewersKey(streamId));
    const results = await multi.exec();
    return Number(results?.at(-1)?.[1] ?? 0);
  }

  /** The socket left the room (or closed); answers the viewer count. */
  async exit(streamId: string, connection: Connection): Promise<number> {
    const multi = this.redis.multi().zrem(this.viewersKey(streamId), connection.id);
    if (connection.userId) multi.zrem(this.memberKey(streamId, connection.userId), connection.id);
    multi.zcount(this.viewersKey(streamId), Date.now(), '+inf');
    const results = await multi.exec();
    return Number(results?.at(-1)?.[1] ?? 0);
  }

  /** Viewers watching now. */
  async count(streamId: string): Promise<number> {
    return this.redis.zcount(this.viewersKey(streamId), Date.now(), '+inf');
  }

  /** The listings and the stream page show the viewer count from here, not from the read model. */
  async withCounts<S extends Pick<LiveStream, 'id' | 'isActive' | 'viewerCount'>>(streams: readonly S[]): Promise<S[]> {
    if (streams.length === 0) return [];
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const s of streams) pipeline.zcount(this.viewersKey(s.id), now, '+inf');
    const results = (await pipeline.exec()) ?? [];
    return streams.map((s, i) => ({ ...s, viewerCount: s.isActive ? Number(results[i]?.[1] ?? 0) : 0 }));
  }

  /** Whether user `userId` has a socket in the stream's room now. */
  async isMember(streamId: string, userId: string): Promise<boolean> {
    return (await this.redis.zcount(this.memberKey(streamId, userId), Date.now(), '+inf')) > 0;
  }

  /** True the first time in an hour `viewer` watches `streamId` (then the viewed event is appended). */
  async firstViewThisHour(streamId: string, viewer: string): Promise<boolean> {
    return (
      (await this.redis.set(
        `live-streams:viewed:${streamId}:${viewer}`,
        '1',
        'EX',
        VIEWED_EVENT_WINDOW_SECONDS,
        'NX',
      )) === 'OK'
    );
  }

  /** Undoes firstViewThisHour when the event could not be appended. */
  async forgetView(streamId: string, viewer: string): Promise<void> {
    await this.redis.del(`live-streams:viewed:${streamId}:${viewer}`);
  }

  /** Counts one chat message of `userId` in the current 10 s window; false past `max`. */
  async allowChat(userId: string, max: number): Promise<boolean> {
    const key = `live-streams:chat:${userId}`;
    const results = await this.redis.multi().set(key, '0', 'EX', 10, 'NX').incr(key).exec();
    return Number(results?.[1]?.[1] ?? 0) <= max;
  }

  /** Keeps the entries of open sockets alive (the gateway's heartbeat). */
  async refresh(
    entries: ReadonlyArray<{ streamId: string; connection: Connection; asViewer: boolean }>,
  ): Promise<void> {
    if (entries.length === 0) return;
    const expires = Date.now() + this.ttlSeconds * 1000;
    const pipeline = this.redis.pipeline();
    for (const { streamId, connection, asViewer } of entries) {
      if (asViewer)
        pipeline
          .zadd(this.viewersKey(streamId), 'XX', expires, connection.id)
          .expire(this.viewersKey(streamId), this.ttlSeconds);
      if (connection.userId)
        pipeline
          .zadd(this.memberKey(streamId, connection.userId), 'XX', expires, connection.id)
          .expire(this.memberKey(streamId, connection.userId), this.ttlSeconds);
    }
    await pipeline.exec();
  }
}

/** Who a viewed event is deduplicated for: the user, or a visitor's address. */
export const viewerKey = (connection: Connection) =>
  connection.userId ? `user:${connection.userId}` : `address:${connection.address}`;

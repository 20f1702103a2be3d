import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { SfuError } from '../errors.ts';
import type { PipeEnd, PipedProducer } from '../pipe-end.ts';
import type { Sfu } from '../sfu.ts';
import type { ProducerAddedEvent } from '../types.ts';
import { SfuBus } from './sfu-bus.ts';
import { StreamRegistry } from './stream-registry.ts';

export type CrossInstanceOptions = {
  /** This instance's id on the bus and in the registry. Default: a random UUID. */
  instanceId?: string;
  /** How long a claim or heartbeat lives unless renewed (renewed every third of it), ms. */
  leaseMs: number;
  /** How long a request to another instance may take, ms. Default: 5000. */
  requestTimeoutMs?: number;
  /** Failures of background work (a renewal, a pipe offer), for the log. */
  onError?: (error: unknown, what: string) => void;
};

export type CrossInstanceEvents = {
  /** The instance that owned a stream piped here died: the stream's media is gone here too. */
  ownerLost: [streamId: string];
};

// What travels on the bus; each side checks what it receives.
const address = z.object({ ip: z.string(), port: z.number().int(), srtpParameters: z.any().optional() });
const piped = z.object({
  producerId: z.string(),
  peerId: z.string(),
  kind: z.enum(['audio', 'video']),
  rtpParameters: z.any(),
  paused: z.boolean(),
});
const openRequest = z.object({ streamId: z.string(), address });
const openReply = z.object({ address, producers: z.array(piped) });
const produceRequest = z.object({ streamId: z.string(), producer: piped });
const producerNotice = z.object({ streamId: z.string(), producerId: z.string() });
const streamNotice = z.object({ streamId: z.string() });
const countReply = z.object({ producers: z.number().int() });

/** One pipe between this instance's router for a stream and another instance's. */
type Link = {
  readonly streamId: string;
  readonly remote: string;
  readonly end: PipeEnd;
  /** Producers being sent or sent over it (offers run concurrently with the initial list). */
  readonly offered: Set<string>;
  /** Closed because the other side said so (or died): nothing to tell it. */
  remoteClosed: boolean;
};

/**
 * Lets viewers on any API instance watch any stream. A stream's media lives on the instance that
 * first needed it (normally the broadcaster's) — its owner, found through the registry in Redis
 * (stream-registry.ts). Another instance that needs the stream opens a router of its own and a pipe
 * to the owner's (pipe-end.ts; signalling over sfu-bus.ts); the owner sends every producer over
 * it, once per instance however many viewers watch there, and the other instance's viewers consume
 * locally. A producer made on a non-owner (a duet partner there) goes the other way, and the owner
 * passes it on to the other instances: the owner is the hub of a star.
 *
 * Failures: every instance renews a heartbeat key; a pipe whose other end's instance died closes
 * (its consumers at the owner go), and a non-owner whose owner died closes the stream here and
 * emits 'ownerLost' (the API ends the stream with a reason and tells viewers).
 */
export class CrossInstanceMedia extends EventEmitter<CrossInstanceEvents> {
  readonly instanceId: string;
  private readonly bus: SfuBus;
  private readonly registry: StreamRegistry;
  private readonly links = new Map<string, Map<string, Link>>();
  /** Streams this instance owns, with their router ids (for renewals and release). */
  private readonly owned = new Map<string, string>();
  /** Streams piped here from another instance: their owner. */
  private readonly ownerOf = new Map<string, string>();
  private readonly opening = new Map<string, Promise<void>>();
  private readonly onError: (error: unknown, what: string) => void;
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;

  private constructor(
    private readonly sfu: Sfu,
    redis: Redis,
    options: CrossInstanceOptions,
  ) {
    super();
    this.instanceId = options.instanceId ?? randomUUID();
    this.onError = options.onError ?? (() => undefined);
    this.bus = new SfuBus(redis, this.instanceId, {
      timeoutMs: options.requestTimeoutMs ?? 5_000,
      onError: this.onError,
    });
    this.registry = new StreamRegistry(redis, this.instanceId, options.leaseMs);
  }

  /** Joins the instances: listens on the bus, starts the heartbeat, follows the SFU's producers. */
  static async start(sfu: Sfu, redis: Redis, options: CrossInstanceOptions): Promise<CrossInstanceMedia> {
    const agent = new CrossInstanceMedia(sfu, redis, options);
    agent.registerHandlers();
    sfu.on('producerAdded', agent.onProducerAdded);
    await agent.bus.start();
    await agent.registry.heartbeat();
    agent.timer = setInterval(
      () => {
        agent.ticking ??= agent.tick().finally(() => (agent.ticking = undefined));
      },
      Math.max(100, Math.floor(options.leaseMs / 3)),
    );
    agent.timer.unref();
    return agent;
  }

  /**
   * Makes the stream's media available here: this instance's router for it, either the owner's
   * (claimed now if no live instance owns it) or piped from the owner with every producer it has.
   * Concurrent calls share one opening.
   */
  openStream(streamId: string): Promise<void> {
    if (this.sfu.hasStream(streamId) && (this.owned.has(streamId) || this.ownerOf.has(streamId)))
      return Promise.resolve();
    let pending = this.opening.get(streamId);
    if (!pending) {
      pending = this.open(streamId).finally(() => this.opening.delete(streamId));
      this.opening.set(streamId, pending);
    }
    return pending;
  }

  /** Whether the stream's owner is another instance (its media is piped here). */
  isPiped(streamId: string): boolean {
    return this.ownerOf.has(streamId);
  }

  /** How many tracks the stream has on its owner (another instance; 0 when none owns it or it does not answer). */
  async remoteProducerCount(streamId: string): Promise<number> {
    const owner = await this.registry.owner(streamId);
    if (!owner || owner.instanceId === this.instanceId || !(await this.registry.isAlive(owner.instanceId))) return 0;
    try {
      return countReply.parse(await this.bus.request(owner.instanceId, 'stream.count', { streamId })).producers;
    } catch {
      return 0;
    }
  }

  /** The stream is over here: its router closes (and with it the pipes; the other ends are told) and a claim goes. */
  async endStream(streamId: string): Promise<void> {
    await this.opening.get(streamId)?.catch(() => undefined);
    const routerId = this.owned.get(streamId);
    this.owned.delete(streamId);
    this.ownerOf.delete(streamId);
    await this.sfu.endStream(streamId);
    if (routerId) await this.registry.release(streamId, routerId);
  }

  /** Leaves the instances: claims released and the heartbeat key deleted, so others act at once. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
    this.sfu.off('producerAdded', this.onProducerAdded);
    for (const links of this.links.values()) for (const link of links.values()) this.notifyClosed(link);
    try {
      await Promise.all([...this.owned].map(([streamId, routerId]) => this.registry.release(streamId, routerId)));
      await this.registry.retire();
    } catch (error) {
      // Redis away: the claims and the heartbeat expire by themselves.
      this.onError(error, 'leaving the instances');
    }
    this.bus.close();
  }

  private async open(streamId: string): Promise<void> {
    await this.sfu.openStream(streamId);
    const routerId = await this.sfu.routerId(streamId);
    const owner = await this.registry.claim(streamId, routerId);
    if (owner.instanceId === this.instanceId) {
      this.owned.set(streamId, routerId);
      return;
    }
    const end = await this.sfu.openPipeEnd(streamId);
    try {
      const reply = openReply.parse(
        await this.bus.request(owner.instanceId, 'pipe.open', { streamId, address: end.address }),
      );
      await end.connect(reply.address);
      this.addLink(streamId, owner.instanceId, end);
      for (const producer of reply.producers) await end.receive(producer as PipedProducer);
      this.ownerOf.set(streamId, owner.instanceId);
    } catch (error) {
      end.close();
      this.onError(error, `piping stream ${streamId} from instance ${owner.instanceId}`);
      throw new SfuError('no-live-worker', `stream ${streamId} lives on an instance that did not answer`);
    }
  }

  private registerHandlers(): void {
    // Another instance wants the stream: a pipe to it, and every producer not its own.
    this.bus.handle('pipe.open', async (params, from) => {
      const { streamId, address: remote } = openRequest.parse(params);
      if (!this.sfu.hasStream(streamId)) throw new SfuError('stream-not-found', `no open stream ${streamId}`);
      this.link(streamId, from)?.end.close(); // a stale pipe from an earlier opening
      const end = await this.sfu.openPipeEnd(streamId);
      try {
        await end.connect(remote);
        const link = this.addLink(streamId, from, end);
        const producers: PipedProducer[] = [];
        for (const { producerId } of await this.sfu.listProducers(streamId)) {
          if (link.offered.has(producerId)) continue;
          link.offered.add(producerId);
          producers.push(await end.send(producerId));
        }
        return { address: end.address, producers };
      } catch (error) {
        end.close();
        throw error;
      }
    });
    this.bus.handle('pipe.produce', async (params, from) => {
      const { streamId, producer } = produceRequest.parse(params);
      const link = this.link(streamId, from);
      if (!link) throw new SfuError('stream-not-found', `no pipe for stream ${streamId} from ${from}`);
      await link.end.receive(producer as PipedProducer);
      return {};
    });
    this.bus.handle('pipe.producer_closed', async (params, from) => {
      const { streamId, producerId } = producerNotice.parse(params);
      this.link(streamId, from)?.end.closeReceived(producerId);
    });
    this.bus.handle('pipe.close', async (params, from) => {
      const link = this.link(streamNotice.parse(params).streamId, from);
      if (!link) return;
      link.remoteClosed = true;
      link.end.close();
    });
    this.bus.handle('stream.count', async (params) => {
      const { streamId } = streamNotice.parse(params);
      return { producers: this.sfu.hasStream(streamId) ? (await this.sfu.listProducers(streamId)).length : 0 };
    });
  }

  private link(streamId: string, remote: string): Link | undefined {
    return this.links.get(streamId)?.get(remote);
  }

  private addLink(streamId: string, remote: string, end: PipeEnd): Link {
    const link: Link = { streamId, remote, end, offered: new Set(), remoteClosed: false };
    let links = this.links.get(streamId);
    if (!links) this.links.set(streamId, (links = new Map()));
    links.set(remote, link);
    end.on('sentProducerClosed', (producerId) => {
      link.offered.delete(producerId);
      this.bus
        .notify(remote, 'pipe.producer_closed', { streamId, producerId })
        .catch((error: unknown) => this.onError(error, 'telling a pipe a producer closed'));
    });
    end.once('closed', () => {
      const current = this.links.get(streamId);
      if (current?.get(remote) === link) current.delete(remote);
      if (current?.size === 0) this.links.delete(streamId);
      if (!link.remoteClosed) this.notifyClosed(link);
    });
    return link;
  }

  private notifyClosed(link: Link): void {
    link.remoteClosed = true;
    this.bus
      .notify(link.remote, 'pipe.close', { streamId: link.streamId })
      .catch((error: unknown) => this.onError(error, 'telling a pipe it closed'));
  }

  /** A producer appeared in a room here: every pipe of the stream gets it, but the one it came in by. */
  private readonly onProducerAdded = ({ streamId, producerId }: ProducerAddedEvent): void => {
    for (const link of this.links.get(streamId)?.values() ?? []) {
      if (link.end.isReceiving(producerId) || link.offered.has(producerId)) continue;
      link.offered.add(producerId);
      void this.offer(link, producerId);
    }
  };

  private async offer(link: Link, producerId: string): Promise<void> {
    try {
      const producer = await link.end.send(producerId);
      await this.bus.request(link.remote, 'pipe.produce', { streamId: link.streamId, producer });
    } catch (error) {
      link.end.stopSending(producerId);
      this.onError(error, `piping producer ${producerId} of stream ${link.streamId} to ${link.remote}`);
    }
  }

  /** Heartbeat: stay alive, keep the claims, and drop what dead instances held. */
  private async tick(): Promise<void> {
    try {
      await this.registry.heartbeat();
      await this.registry.renew([...this.owned].map(([streamId, routerId]) => ({ streamId, routerId })));
      const remotes = new Set<string>(this.ownerOf.values());
      for (const links of this.links.values()) for (const remote of links.keys()) remotes.add(remote);
      const dead = await this.registry.dead([...remotes]);
      if (dead.size === 0) return;
      for (const links of this.links.values())
        for (const link of links.values())
          if (dead.has(link.remote)) {
            link.remoteClosed = true;
            link.end.close();
          }
      for (const [streamId, owner] of [...this.ownerOf])
        if (dead.has(owner)) {
          this.ownerOf.delete(streamId);
          await this.sfu.endStream(streamId);
          this.emit('ownerLost', streamId);
        }
    } catch (error) {
      this.onError(error, 'cross-instance heartbeat');
    }
  }
}

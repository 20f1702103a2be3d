import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { Sfu } from './sfu.ts';
import type { SfuOptions } from './config.ts';
import { plainBroadcaster, plainViewer, type PlainViewer } from './testing/plain-peers.ts';
import type { ProducerAddedEvent } from './types.ts';

// A popular stream on real mediasoup workers: past routerConsumerBudget new viewers get a router
// on the other worker, fed by pipeToRouter; past workerConsumerCapacity they are refused.

let sfu: Sfu | undefined;
const opened: Array<() => unknown> = [];

async function start(options: SfuOptions): Promise<Sfu> {
  sfu = await Sfu.start({ workers: 2, logLevel: 'error', enableTcp: false, ...options });
  return sfu;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
  await sfu?.close();
  sfu = undefined;
});

async function viewers(s: Sfu, streamId: string, peerIds: string[]): Promise<PlainViewer[]> {
  const joined: PlainViewer[] = [];
  for (const peerId of peerIds) {
    const viewer = await plainViewer(s, streamId, peerId);
    opened.push(viewer.close);
    joined.push(viewer);
  }
  return joined;
}

/** Per worker, in start order: [routers, producers, consumers]. */
const load = (s: Sfu) => s.stats().workers.map((w) => [w.routers, w.producers, w.consumers]);

describe('a stream over several workers', () => {
  it('puts viewers past the budget on a router of the other worker, which receives the producer’s RTP and a producer added later', async () => {
    const s = await start({ routerConsumerBudget: 2 });
    await s.openStream('s');
    const streamer = await plainBroadcaster(s, 's', 'streamer');
    opened.push(streamer.close);
    const [origin] = s.stats().workers.filter((w) => w.streams.includes('s'));

    const all = await viewers(s, 's', ['v0', 'v1', 'v2', 'v3']);

    expect(s.stats().workers.map((w) => w.streams)).toEqual([['s'], ['s']]);
    const [a, b] = s.stats().workers;
    const originFirst = a!.pid === origin!.pid ? load(s) : load(s).reverse();
    // Origin: its router, the streamer's producer, two viewers and the pipe's consumer.
    // Other worker: a router, the piped producer (same id) and two viewers.
    expect(originFirst).toEqual([
      [1, 1, 3],
      [1, 1, 2],
    ]);
    expect(b!.pid).not.toBe(a!.pid);

    await streamer.send(50);
    await Promise.all(all.map((v) => v.sink.waitFor(50, 10_000)));

    // A duet partner starts later: piped too before viewers hear of it, so they all consume it.
    const added = once(s, 'producerAdded');
    const partner = await plainBroadcaster(s, 's', 'partner');
    opened.push(partner.close);
    const [event] = (await added) as [ProducerAddedEvent];
    expect(event.producerId).toBe(partner.producerId);
    const capabilities = await s.getRtpCapabilities('s');
    for (const [i, viewer] of all.entries()) {
      const consumer = await s.consume('s', `v${i}`, viewer.transportId, partner.producerId, capabilities);
      await s.resumeConsumer('s', `v${i}`, consumer.id);
    }
    await partner.send(40);
    await Promise.all(all.map((v) => v.sink.waitFor(90, 10_000)));
  }, 30_000);

  it('refuses a viewer no worker has room for, and the viewers already admitted keep their media', async () => {
    const s = await start({ routerConsumerBudget: 2, workerConsumerCapacity: 3 });
    await s.openStream('s');
    const streamer = await plainBroadcaster(s, 's', 'streamer');
    opened.push(streamer.close);
    // Origin: v0, v1 and the pipe (3, at capacity); the other worker: v2, v3 and, past the budget, v4.
    const admitted = await viewers(s, 's', ['v0', 'v1', 'v2', 'v3', 'v4']);
    const transportsBefore = s.stats().workers.reduce((sum, w) => sum + w.transports, 0);

    await expect(s.createPlainTransport('s', 'v5', 'recv')).rejects.toMatchObject({
      name: 'SfuError',
      code: 'at-capacity',
    });
    await expect(s.createWebRtcTransport('s', 'v6', 'recv')).rejects.toMatchObject({ code: 'at-capacity' });
    expect(s.stats().workers.reduce((sum, w) => sum + w.transports, 0)).toBe(transportsBefore);
    expect(
      s
        .stats()
        .workers.map((w) => w.consumers)
        .sort(),
    ).toEqual([3, 3]);

    await streamer.send(50);
    await Promise.all(admitted.map((v) => v.sink.waitFor(50, 10_000)));

    // A viewer leaving makes room again.
    await s.leave('s', 'v4');
    await viewers(s, 's', ['v5']);
  }, 30_000);

  it('closes the other worker’s router when its last viewer leaves, and every router when the stream ends', async () => {
    const s = await start({ routerConsumerBudget: 1 });
    await s.openStream('s');
    const streamer = await plainBroadcaster(s, 's', 'streamer');
    opened.push(streamer.close);
    await viewers(s, 's', ['v0', 'v1']);
    expect(s.stats().workers.map((w) => w.routers)).toEqual([1, 1]);

    await s.leave('s', 'v1');
    expect(
      s
        .stats()
        .workers.map((w) => w.routers)
        .sort(),
    ).toEqual([0, 1]);
    // The origin's pipe consumer went with it.
    expect(s.stats().workers.reduce((sum, w) => sum + w.consumers, 0)).toBe(1);

    const [again] = await viewers(s, 's', ['v2']);
    await streamer.send(20);
    await again!.sink.waitFor(20, 10_000);

    await s.endStream('s');
    for (const worker of s.stats().workers) {
      expect(worker).toMatchObject({ routers: 0, transports: 0, producers: 0, consumers: 0, streams: [] });
    }
  }, 30_000);
});

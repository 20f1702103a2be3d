import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { Sfu } from '../sfu.ts';
import { plainBroadcaster, plainViewer, type PlainBroadcaster, type PlainViewer } from '../testing/plain-peers.ts';
import { CrossInstanceMedia } from './cross-instance-media.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
// Short, so that a dead instance is noticed within a test.
const LEASE_MS = 1_200;

/** One API instance's media: its own SFU (its own worker) and its own Redis connection. */
type Instance = { sfu: Sfu; agent: CrossInstanceMedia; redis: Redis; errors: string[] };

let prefix: string;
let instances: Instance[] = [];
let crashed: Instance[] = [];
const closers: Array<() => Promise<void> | void> = [];

async function startInstance(): Promise<Instance> {
  const sfu = await Sfu.start({ workers: 1, logLevel: 'error' });
  const redis = new Redis(REDIS_URL, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  const errors: string[] = [];
  const agent = await CrossInstanceMedia.start(sfu, redis, {
    leaseMs: LEASE_MS,
    onError: (error, what) => errors.push(`${what}: ${String(error)}`),
  });
  const instance = { sfu, agent, redis, errors };
  instances.push(instance);
  return instance;
}

/** The instance stops as a crash stops it: no goodbye, its heartbeat just lapses. */
async function crash(instance: Instance): Promise<void> {
  instances = instances.filter((i) => i !== instance);
  crashed.push(instance);
  instance.redis.disconnect();
  await instance.sfu.close();
}

async function broadcast(instance: Instance, streamId: string, peerId: string): Promise<PlainBroadcaster> {
  const broadcaster = await plainBroadcaster(instance.sfu, streamId, peerId);
  closers.push(() => broadcaster.close());
  return broadcaster;
}

async function watch(instance: Instance, streamId: string, peerId: string): Promise<PlainViewer> {
  const viewer = await plainViewer(instance.sfu, streamId, peerId);
  closers.push(() => viewer.close());
  return viewer;
}

/** Sends until every viewer has `count` packets more than now. */
async function expectFlow(broadcaster: PlainBroadcaster, viewers: PlainViewer[], count = 50): Promise<void> {
  const targets = viewers.map((v) => v.sink.packets + count);
  const sending = (async () => {
    for (let i = 0; i < 40 && viewers.some((v, j) => v.sink.packets < targets[j]!); i++) await broadcaster.send(20);
  })();
  await Promise.all(viewers.map((v, j) => v.sink.waitFor(targets[j]!, 10_000)));
  await sending;
}

const consumersOn = (instance: Instance) => instance.sfu.stats().workers.reduce((sum, w) => sum + w.consumers, 0);

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  for (const instance of instances.splice(0)) {
    await instance.agent.close();
    instance.redis.disconnect();
    await instance.sfu.close();
  }
  // What a crash leaves behind in this process (its bus subscription, its timer).
  for (const instance of crashed.splice(0)) await instance.agent.close();
  const cleaner = new Redis(REDIS_URL);
  const keys = await cleaner.keys(`${prefix}*`);
  if (keys.length) await cleaner.del(...keys);
  cleaner.disconnect();
});

describe('CrossInstanceMedia', () => {
  it('pipes a stream to a viewer on another instance: one consumer per track at the owner, however many watch there', async () => {
    prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [a, b] = [await startInstance(), await startInstance()];
    const streamId = randomUUID();

    await a.agent.openStream(streamId);
    const broadcaster = await broadcast(a, streamId, 'broadcaster');
    await b.agent.openStream(streamId);
    expect(b.agent.isPiped(streamId)).toBe(true);
    expect(await b.sfu.listProducers(streamId)).toEqual([
      { producerId: broadcaster.producerId, peerId: 'broadcaster', kind: 'video' },
    ]);
    const one = await watch(b, streamId, 'viewer-1');
    const two = await watch(b, streamId, 'viewer-2');
    expect(one.consumers[0]).toMatchObject({ producerId: broadcaster.producerId, producerPeerId: 'broadcaster' });
    await expectFlow(broadcaster, [one, two]);
    // The owner carries the pipe's one consumer, not one per viewer there.
    expect(consumersOn(a)).toBe(1);
    // Asked on another instance, the owner counts its tracks; the owner asks nobody.
    expect(await b.agent.remoteProducerCount(streamId)).toBe(1);
    expect(await a.agent.remoteProducerCount(streamId)).toBe(0);
    expect(a.errors.concat(b.errors)).toEqual([]);
  }, 30_000);

  it('pipes tracks added later both ways (a duet partner on the other instance), and closes them when their source closes', async () => {
    prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [a, b, c] = [await startInstance(), await startInstance(), await startInstance()];
    const streamId = randomUUID();
    await a.agent.openStream(streamId);
    await b.agent.openStream(streamId);
    await c.agent.openStream(streamId);
    expect(await c.agent.remoteProducerCount(streamId)).toBe(0);

    // The streamer goes on air on A after B and C opened the stream: both hear of the track.
    const addedOnB = once(b.sfu, 'producerAdded');
    const streamer = await broadcast(a, streamId, 'streamer');
    expect((await addedOnB)[0]).toMatchObject({ streamId, producerId: streamer.producerId, peerId: 'streamer' });
    expect(await c.agent.remoteProducerCount(streamId)).toBe(1);

    // The partner broadcasts on B: A gets it from B, and C from A (the owner is the hub).
    const addedOnC = new Promise((resolve) =>
      c.sfu.on('producerAdded', (e) => e.peerId === 'partner' && resolve(e.producerId)),
    );
    const partner = await broadcast(b, streamId, 'partner');
    expect(await addedOnC).toBe(partner.producerId);
    const onA = await watch(a, streamId, 'viewer-a');
    const onC = await watch(c, streamId, 'viewer-c');
    expect(onA.consumers.map((x) => x.producerPeerId).sort()).toEqual(['partner', 'streamer']);
    expect(onC.consumers.map((x) => x.producerPeerId).sort()).toEqual(['partner', 'streamer']);
    await expectFlow(partner, [onA, onC]);
    await expectFlow(streamer, [onC]);

    // The duet ends (the partner's tracks close on B): the copies on A and C close, and C's viewer is told.
    const closedOnC = once(c.sfu, 'consumerClosed');
    await b.sfu.closeProducers(streamId, 'partner');
    expect((await closedOnC)[0]).toMatchObject({ peerId: 'viewer-c', producerId: partner.producerId });
    await expect.poll(async () => (await a.sfu.listProducers(streamId)).map((p) => p.peerId)).toEqual(['streamer']);
    expect((await c.sfu.listProducers(streamId)).map((p) => p.peerId)).toEqual(['streamer']);
    expect(a.errors.concat(b.errors, c.errors)).toEqual([]);
  }, 30_000);

  it('ends the stream on the other instances when its owner dies, and the owner drops the pipes of a dead instance', async () => {
    prefix = `test:${randomBytes(6).toString('hex')}:`;
    const [a, b, c] = [await startInstance(), await startInstance(), await startInstance()];
    const streamId = randomUUID();
    await a.agent.openStream(streamId);
    const broadcaster = await broadcast(a, streamId, 'broadcaster');
    await b.agent.openStream(streamId);
    await c.agent.openStream(streamId);
    await expectFlow(broadcaster, [await watch(b, streamId, 'viewer-b'), await watch(c, streamId, 'viewer-c')]);
    expect(consumersOn(a)).toBe(2);

    // C (a viewers' instance) dies: within a lease its pipe's consumer at the owner goes.
    await crash(c);
    await expect.poll(() => consumersOn(a), { timeout: 4 * LEASE_MS, interval: 100 }).toBe(1);

    // The owner dies: B closes the stream's media and says so.
    const lost = once(b.agent, 'ownerLost');
    await crash(a);
    expect(await lost).toEqual([streamId]);
    expect(b.sfu.hasStream(streamId)).toBe(false);

    // The stream can be opened again: B finds no live owner and becomes it.
    await b.agent.openStream(streamId);
    expect(b.agent.isPiped(streamId)).toBe(false);
  }, 30_000);
});

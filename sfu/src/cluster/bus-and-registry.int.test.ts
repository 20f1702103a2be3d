import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { BusError, SfuBus } from './sfu-bus.ts';
import { StreamRegistry } from './stream-registry.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const opened: Array<{ close(): void } | { disconnect(): void }> = [];

function connect(prefix: string): Redis {
  const redis = new Redis(REDIS_URL, { keyPrefix: prefix, maxRetriesPerRequest: 1 });
  opened.push(redis);
  return redis;
}

async function startBus(redis: Redis, errors: string[] = [], timeoutMs = 2_000): Promise<SfuBus> {
  const bus = new SfuBus(redis, randomUUID(), {
    timeoutMs,
    onError: (error, what) => errors.push(`${what}: ${error}`),
  });
  await bus.start();
  opened.push(bus);
  return bus;
}

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) 'close' in item ? item.close() : item.disconnect();
});

describe('SfuBus: requests between instances over Redis pub/sub', () => {
  it("answers a request with the handler's result or its error, and fails one nobody answers", async () => {
    const redis = connect(`test:${randomUUID()}:`);
    const errors: string[] = [];
    const [a, b] = [await startBus(redis, errors, 300), await startBus(redis, errors, 300)];
    b.handle('double', async (params, from) => ({ twice: (params as { n: number }).n * 2, from }));
    b.handle('refuse', async () => {
      throw new Error('no such stream');
    });
    expect(await a.request(b.instanceId, 'double', { n: 21 })).toEqual({ twice: 42, from: a.instanceId });
    await expect(a.request(b.instanceId, 'refuse', {})).rejects.toThrow(new BusError('no such stream'));
    await expect(a.request(b.instanceId, 'unknown', {})).rejects.toThrow('no handler for unknown');
    // An instance that is gone (nobody on its channel) never answers.
    await expect(a.request(randomUUID(), 'double', { n: 1 })).rejects.toThrow(/did not answer double within 300 ms/);

    // A notice runs its handler; a malformed message is reported, not thrown.
    const noticed = new Promise((resolve) => b.handle('hello', async (params) => resolve(params)));
    await a.notify(b.instanceId, 'hello', { hi: true });
    expect(await noticed).toEqual({ hi: true });
    await redis.publish(SfuBus.channel(b.instanceId), '{"kind":"request"}');
    await expect.poll(() => errors.some((e) => e.startsWith('malformed sfu bus message'))).toBe(true);
  });
});

describe('StreamRegistry: who owns each stream', () => {
  it('gives a stream to the first live claimant, keeps it while renewed, and hands on a dead owner’s', async () => {
    const redis = connect(`test:${randomUUID()}:`);
    const streamId = randomUUID();
    const leaseMs = 5_000;
    const a = new StreamRegistry(redis, 'instance-a', leaseMs);
    const b = new StreamRegistry(redis, 'instance-b', leaseMs);
    await a.heartbeat();
    await b.heartbeat();

    expect(await a.claim(streamId, 'router-a')).toEqual({ instanceId: 'instance-a', routerId: 'router-a' });
    expect(await b.claim(streamId, 'router-b')).toEqual({ instanceId: 'instance-a', routerId: 'router-a' });
    // A renewal gives the claim a whole lease again; another instance's renewal does not.
    await redis.pexpire(`sfu:stream:${streamId}`, 1_000);
    await b.renew([{ streamId, routerId: 'router-a' }]);
    expect(await redis.pttl(`sfu:stream:${streamId}`)).toBeLessThanOrEqual(1_000);
    await a.renew([{ streamId, routerId: 'router-a' }]);
    expect(await redis.pttl(`sfu:stream:${streamId}`)).toBeGreaterThan(1_000);
    expect(await b.dead(['instance-a', 'instance-b'])).toEqual(new Set());

    // A's heartbeat lapses: it is dead, and B may take the stream (A's claim is still there).
    await redis.del('sfu:instance:instance-a');
    expect(await b.dead(['instance-a', 'instance-b'])).toEqual(new Set(['instance-a']));
    expect(await b.claim(streamId, 'router-b')).toEqual({ instanceId: 'instance-b', routerId: 'router-b' });
    // A's late release does not remove B's claim; B's own release does.
    await a.release(streamId, 'router-a');
    expect((await a.owner(streamId))?.instanceId).toBe('instance-b');
    await b.release(streamId, 'router-b');
    expect(await a.owner(streamId)).toBeUndefined();
    await redis.del('sfu:instance:instance-b');
  });
});

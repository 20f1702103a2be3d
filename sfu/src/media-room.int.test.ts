import { afterEach, describe, expect, it } from 'vitest';
import { Sfu } from './sfu.ts';
import type { SfuOptions } from './config.ts';
import { plainBroadcaster, plainViewer } from './testing/plain-peers.ts';

// Per-peer limits on a real mediasoup worker: past a limit a call fails with
// SfuError('limit-exceeded') and nothing (a port, a consumer, a producer) is allocated.

let sfu: Sfu | undefined;
const opened: Array<() => unknown> = [];

async function start(options: SfuOptions = {}): Promise<Sfu> {
  sfu = await Sfu.start({ workers: 1, logLevel: 'error', ...options });
  return sfu;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
  await sfu?.close();
  sfu = undefined;
});

const totals = (s: Sfu) => s.stats().workers[0]!;
const limitError = (name: string, max: number) => ({ name: 'SfuError', code: 'limit-exceeded', limit: { name, max } });

describe('per-peer limits', () => {
  it('refuses 99 of 100 receive transports from one peer without binding their ports, and others still connect', async () => {
    const s = await start();
    await s.openStream('s');

    const attempts = await Promise.allSettled(
      Array.from({ length: 100 }, () => s.createWebRtcTransport('s', 'greedy', 'recv')),
    );
    const refused = attempts.filter((a) => a.status === 'rejected');
    expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    expect(refused).toHaveLength(99);
    for (const r of refused) expect(r.reason).toMatchObject(limitError('recv-transports', 1));
    expect(totals(s).transports).toBe(1);

    // Asking again one at a time is refused too; the other direction has its own slot.
    await expect(s.createPlainTransport('s', 'greedy', 'recv')).rejects.toMatchObject(limitError('recv-transports', 1));
    await s.createWebRtcTransport('s', 'greedy', 'send');
    await expect(s.createWebRtcTransport('s', 'greedy', 'send')).rejects.toMatchObject(
      limitError('send-transports', 1),
    );
    expect(totals(s).transports).toBe(2);

    // A broadcaster and a viewer still connect and media flows.
    const broadcaster = await plainBroadcaster(s, 's');
    opened.push(broadcaster.close);
    const viewer = await plainViewer(s, 's', 'viewer');
    opened.push(viewer.close);
    expect(viewer.consumers.map((c) => c.producerId)).toEqual([broadcaster.producerId]);
    await broadcaster.send(50);
    await viewer.sink.waitFor(50, 5_000);
  }, 20_000);

  it('frees the transport slots when the peer leaves', async () => {
    const s = await start();
    await s.openStream('s');
    await s.createWebRtcTransport('s', 'viewer', 'recv');
    await s.leave('s', 'viewer');
    await s.createWebRtcTransport('s', 'viewer', 'recv');
    expect(totals(s).transports).toBe(1);
  }, 10_000);

  it('bounds the consumers of a peer: consumeAll creates all or none, consume one by one up to the limit', async () => {
    const s = await start({ maxConsumersPerPeer: 2 });
    await s.openStream('s');
    const broadcaster = await plainBroadcaster(s, 's', 'broadcaster', { tracks: 3 });
    opened.push(broadcaster.close);
    const capabilities = await s.getRtpCapabilities('s');
    const recv = await s.createPlainTransport('s', 'viewer', 'recv');

    await expect(s.consumeAll('s', 'viewer', recv.id, capabilities)).rejects.toMatchObject(limitError('consumers', 2));
    expect(totals(s).consumers).toBe(0);

    const [first, second, third] = broadcaster.producerIds as [string, string, string];
    const parallel = await Promise.allSettled(
      [first, second, third].map((p) => s.consume('s', 'viewer', recv.id, p, capabilities)),
    );
    expect(parallel.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(parallel.find((r) => r.status === 'rejected')).toMatchObject({ reason: limitError('consumers', 2) });
    expect(totals(s).consumers).toBe(2);

    // A consumer that closes with its producer frees its slot.
    await s.leave('s', 'broadcaster');
    await expect.poll(() => totals(s).consumers).toBe(0);
    const again = await plainBroadcaster(s, 's', 'second-broadcaster', { tracks: 2 });
    opened.push(again.close);
    expect(await s.consumeAll('s', 'viewer', recv.id, capabilities)).toHaveLength(2);
  }, 20_000);

  it('bounds the producers of a peer', async () => {
    const s = await start({ maxProducersPerPeer: 2 });
    await s.openStream('s');
    await expect(plainBroadcaster(s, 's', 'broadcaster', { tracks: 3 })).rejects.toMatchObject(
      limitError('producers', 2),
    );
    expect(totals(s).producers).toBe(2);
  }, 10_000);

  it('binds one UDP and one TCP port of the range per WebRTC transport (no WebRtcServer)', async () => {
    // A two-port range outside the default one (other test files' workers draw from it) and above
    // Linux's ephemeral range (32768-60999), where any outgoing connection may hold a port.
    const min = 61_000 + 2 * Math.floor(Math.random() * 2_000);
    const s = await start({ rtcMinPort: min, rtcMaxPort: min + 1 });
    await s.openStream('s');
    const ports = [];
    for (const peer of ['one', 'two']) {
      const transport = await s.createWebRtcTransport('s', peer, 'recv');
      ports.push(...transport.iceCandidates.map((c) => `${c.protocol}:${c.port}`));
    }
    expect(ports.sort()).toEqual([`tcp:${min}`, `tcp:${min + 1}`, `udp:${min}`, `udp:${min + 1}`]);
    // The range is full: the next viewer's transport fails in mediasoup.
    await expect(s.createWebRtcTransport('s', 'three', 'recv')).rejects.toThrow();
  }, 10_000);
});

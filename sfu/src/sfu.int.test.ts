import { once } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { types } from 'mediasoup';
import { Sfu } from './sfu.ts';
import { SfuError } from './errors.ts';
import { plainBroadcaster as openPlainBroadcaster, plainViewer as openPlainViewer } from './testing/plain-peers.ts';
import type { ProducerAddedEvent } from './types.ts';

// A browser's DTLS parameters as mediasoup-client sends them in the transport's 'connect' event.
const browserDtls: types.DtlsParameters = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};

// What Chrome's mediasoup-client sends for a VP8 camera track.
const browserVideo: types.RtpParameters = {
  mid: '0',
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, rtcpFeedback: [{ type: 'nack' }] }],
  headerExtensions: [{ uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 4 }],
  encodings: [{ ssrc: 22222222 }],
  rtcp: { cname: 'browser', reducedSize: true },
};

let sfu: Sfu;
const opened: Array<() => Promise<void>> = [];

beforeEach(async () => {
  sfu = await Sfu.start({ workers: 2, logLevel: 'error' });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((close) => close()));
  await sfu.close();
});

function workerOf(streamId: string): number {
  const worker = sfu.stats().workers.find((w) => w.streams.includes(streamId));
  if (!worker) throw new Error(`stream ${streamId} is on no worker`);
  return worker.pid;
}

/** Opened peers are closed after each test. */
async function plainBroadcaster(streamId: string, peerId = 'broadcaster') {
  const broadcaster = await openPlainBroadcaster(sfu, streamId, peerId);
  opened.push(async () => broadcaster.close());
  return broadcaster;
}

async function plainViewer(streamId: string, peerId: string) {
  const viewer = await openPlainViewer(sfu, streamId, peerId);
  opened.push(() => viewer.close());
  return viewer;
}

describe('Sfu', () => {
  it('puts each new stream on the least-loaded of two workers', async () => {
    await sfu.openStream('a');
    await sfu.openStream('b');
    expect(workerOf('a')).not.toBe(workerOf('b'));

    // Stream a gets a viewer, so its worker carries more consumers: c goes beside b.
    await plainBroadcaster('a');
    await plainViewer('a', 'viewer');
    await sfu.openStream('c');
    expect(workerOf('c')).toBe(workerOf('b'));
    expect(sfu.stats().streams).toBe(3);
  }, 15_000);

  it('opens one router for concurrent openStream calls of the same stream', async () => {
    await Promise.all([sfu.openStream('s'), sfu.openStream('s'), sfu.openStream('s')]);
    expect(sfu.stats().workers.reduce((sum, w) => sum + w.routers, 0)).toBe(1);
  }, 10_000);

  it('forwards the broadcaster RTP to each viewer', async () => {
    await sfu.openStream('s');
    const broadcaster = await plainBroadcaster('s');
    const one = await plainViewer('s', 'one');
    const two = await plainViewer('s', 'two');
    expect(one.consumers.map((c) => c.producerId)).toEqual([broadcaster.producerId]);
    expect(one.consumers[0]).toMatchObject({ kind: 'video', producerPeerId: 'broadcaster', producerPaused: false });

    await broadcaster.send(100);
    await Promise.all([one.sink.waitFor(100, 5_000), two.sink.waitFor(100, 5_000)]);
    expect(sfu.stats().workers.find((w) => w.pid === workerOf('s'))?.consumers).toBe(2);
  }, 15_000);

  it('returns the WebRTC parameters mediasoup-client needs and produces/consumes over WebRTC transports', async () => {
    await sfu.openStream('s');
    const added: ProducerAddedEvent[] = [];
    sfu.on('producerAdded', (event) => added.push(event));

    const send = await sfu.createWebRtcTransport('s', 'broadcaster', 'send');
    expect(send.iceParameters.usernameFragment).toBeTruthy();
    expect(send.iceCandidates.map((c) => [c.address, c.protocol])).toEqual(
      expect.arrayContaining([
        ['127.0.0.1', 'udp'],
        ['127.0.0.1', 'tcp'],
      ]),
    );
    expect(send.dtlsParameters.fingerprints.length).toBeGreaterThan(0);
    await sfu.connectWebRtcTransport('s', 'broadcaster', send.id, browserDtls);
    const producerId = await sfu.produce('s', 'broadcaster', send.id, { kind: 'video', rtpParameters: browserVideo });
    expect(added).toEqual([{ streamId: 's', peerId: 'broadcaster', producerId, kind: 'video' }]);

    const recv = await sfu.createWebRtcTransport('s', 'viewer', 'recv');
    await sfu.connectWebRtcTransport('s', 'viewer', recv.id, browserDtls);
    const [consumer, ...rest] = await sfu.consumeAll('s', 'viewer', recv.id, await sfu.getRtpCapabilities('s'));
    expect(rest).toEqual([]);
    expect(consumer).toMatchObject({ producerId, kind: 'video', type: 'simple' });
    expect(consumer?.rtpParameters.codecs[0]?.mimeType).toBe('video/VP8');
    // Consumers start paused until the browser is ready; resuming works once.
    await sfu.resumeConsumer('s', 'viewer', consumer!.id);
    // Asking again consumes nothing new.
    expect(await sfu.consumeAll('s', 'viewer', recv.id, await sfu.getRtpCapabilities('s'))).toEqual([]);
  }, 15_000);

  it('produces only on send transports and consumes only on recv transports', async () => {
    await sfu.openStream('s');
    const recv = await sfu.createWebRtcTransport('s', 'viewer', 'recv');
    await expect(
      sfu.produce('s', 'viewer', recv.id, { kind: 'video', rtpParameters: browserVideo }),
    ).rejects.toMatchObject({ code: 'transport-not-found' });
    await expect(
      sfu.consume('s', 'viewer', 'no-such-transport', 'p', await sfu.getRtpCapabilities('s')),
    ).rejects.toBeInstanceOf(SfuError);
  }, 10_000);

  it('lets a viewer who joined before the broadcaster consume once the producer is added', async () => {
    await sfu.openStream('s');
    const early = await plainViewer('s', 'early');
    expect(early.consumers).toEqual([]);

    const producerAdded = once(sfu, 'producerAdded');
    const broadcaster = await plainBroadcaster('s');
    const [event] = (await producerAdded) as [ProducerAddedEvent];
    const consumer = await sfu.consume(
      's',
      'early',
      early.transportId,
      event.producerId,
      await sfu.getRtpCapabilities('s'),
    );
    await sfu.resumeConsumer('s', 'early', consumer.id);

    await broadcaster.send(50);
    await early.sink.waitFor(50, 5_000);
  }, 15_000);

  it('closes only the leaving viewer’s consumers', async () => {
    await sfu.openStream('s');
    const broadcaster = await plainBroadcaster('s');
    const leaving = await plainViewer('s', 'leaving');
    const staying = await plainViewer('s', 'staying');
    const pid = workerOf('s');
    const consumersOn = () => sfu.stats().workers.find((w) => w.pid === pid)?.consumers;
    expect(consumersOn()).toBe(2);

    await sfu.leave('s', 'leaving');
    expect(consumersOn()).toBe(1);
    await expect(sfu.resumeConsumer('s', 'leaving', leaving.consumers[0]!.id)).rejects.toMatchObject({
      code: 'peer-not-found',
    });

    const before = leaving.sink.packets;
    await broadcaster.send(50);
    await staying.sink.waitFor(50, 5_000);
    expect(leaving.sink.packets).toBe(before);
  }, 15_000);

  it('closes viewers’ consumers and says so when the broadcaster leaves', async () => {
    await sfu.openStream('s');
    const broadcaster = await plainBroadcaster('s');
    const viewer = await plainViewer('s', 'viewer');
    const closed = once(sfu, 'consumerClosed');
    await sfu.leave('s', 'broadcaster');
    expect(await closed).toEqual([
      { streamId: 's', peerId: 'viewer', consumerId: viewer.consumers[0]!.id, producerId: broadcaster.producerId },
    ]);
    expect(await sfu.listProducers('s')).toEqual([]);
  }, 10_000);

  it('closes one broadcaster’s producers (a duet partner) and the consumers of them, keeping the other broadcaster and the peer', async () => {
    await sfu.openStream('s');
    const streamer = await plainBroadcaster('s', 'streamer');
    const partner = await plainBroadcaster('s', 'partner');
    const viewer = await plainViewer('s', 'viewer');
    expect(viewer.consumers.map((c) => c.producerPeerId).sort()).toEqual(['partner', 'streamer']);
    const partnerConsumer = viewer.consumers.find((c) => c.producerPeerId === 'partner')!;
    const closed = once(sfu, 'consumerClosed');
    await sfu.closeProducers('s', 'partner');
    expect(await closed).toEqual([
      { streamId: 's', peerId: 'viewer', consumerId: partnerConsumer.id, producerId: partner.producerId },
    ]);
    expect(await sfu.listProducers('s')).toEqual([
      { producerId: streamer.producerId, peerId: 'streamer', kind: 'video' },
    ]);
    // The peer itself stays (its transports, what it watches); unknown streams and peers are a no-op.
    await expect(sfu.closeProducers('s', 'nobody')).resolves.toBeUndefined();
    await expect(sfu.closeProducers('unknown', 'partner')).resolves.toBeUndefined();
    const pid = workerOf('s');
    expect(sfu.stats().workers.find((w) => w.pid === pid)?.consumers).toBe(1);
  }, 15_000);

  it('counts the RTP bytes each stream receives: zero before media, growing while it flows, still when it stops, gone with the producer', async () => {
    await sfu.openStream('quiet');
    await sfu.openStream('s');
    const broadcaster = await plainBroadcaster('s');
    expect(await sfu.receivedBytes()).toEqual(
      new Map([
        ['quiet', 0],
        ['s', 0],
      ]),
    );

    await broadcaster.send(50);
    await expect.poll(async () => (await sfu.receivedBytes()).get('s'), { timeout: 5_000 }).toBeGreaterThan(0);
    // Wait for the burst to settle, then nothing more arrives: the total stays put.
    let settled = -1;
    await expect
      .poll(
        async () => {
          const previous = settled;
          settled = (await sfu.receivedBytes()).get('s')!;
          return settled === previous;
        },
        { timeout: 5_000, interval: 200 },
      )
      .toBe(true);
    await broadcaster.send(20);
    await expect.poll(async () => (await sfu.receivedBytes()).get('s'), { timeout: 5_000 }).toBeGreaterThan(settled);
    expect((await sfu.receivedBytes()).get('quiet')).toBe(0);

    await sfu.leave('s', 'broadcaster');
    expect((await sfu.receivedBytes()).get('s')).toBe(0);
  }, 15_000);

  it('closes the router and everything on it when the stream ends', async () => {
    await sfu.openStream('s');
    await plainBroadcaster('s');
    await plainViewer('s', 'viewer');

    await sfu.endStream('s');
    expect(sfu.hasStream('s')).toBe(false);
    expect(sfu.stats()).toMatchObject({ streams: 0 });
    for (const worker of sfu.stats().workers) {
      expect(worker).toMatchObject({ routers: 0, transports: 0, producers: 0, consumers: 0 });
    }
    await expect(sfu.getRtpCapabilities('s')).rejects.toMatchObject({ code: 'stream-not-found' });
    // Ending twice, or leaving an ended stream, is harmless.
    await sfu.endStream('s');
    await sfu.leave('s', 'viewer');
  }, 10_000);

  it('reports the streams of a killed worker as lost, replaces the worker and keeps serving', async () => {
    await sfu.openStream('doomed');
    await sfu.openStream('survivor');
    const deadPid = workerOf('doomed');
    expect(workerOf('survivor')).not.toBe(deadPid);

    const lost = once(sfu, 'streamLost');
    process.kill(deadPid, 'SIGKILL');
    expect(await lost).toEqual(['doomed', 'worker-died']);
    expect(sfu.hasStream('doomed')).toBe(false);
    expect(sfu.hasStream('survivor')).toBe(true);

    // The pool starts a replacement; until it runs, the live worker takes new streams.
    await sfu.openStream('new');
    await expect.poll(() => sfu.stats().workers.length, { timeout: 5_000 }).toBe(2);
    expect(sfu.stats().workers.map((w) => w.pid)).not.toContain(deadPid);

    // The lost stream can be opened again (the broadcaster reconnects) and carries media.
    await sfu.openStream('doomed');
    const broadcaster = await plainBroadcaster('doomed');
    const viewer = await plainViewer('doomed', 'viewer');
    await broadcaster.send(20);
    await viewer.sink.waitFor(20, 5_000);
  }, 20_000);

  it('refuses work after close', async () => {
    await sfu.close();
    await expect(sfu.openStream('s')).rejects.toMatchObject({ code: 'closed' });
  }, 10_000);
});

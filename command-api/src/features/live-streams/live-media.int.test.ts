import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { liveStreamStreamName } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';
import type { LiveStreamsContext } from './context.ts';

// What mediasoup-client in Chrome sends: DTLS parameters from the transport's 'connect' event and
// a VP8 camera track's RTP parameters from its 'produce' event.
const browserDtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};
const browserVideo = {
  mid: '0',
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, rtcpFeedback: [{ type: 'nack' }] }],
  headerExtensions: [{ uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 4 }],
  encodings: [{ ssrc: 22222222 }],
  rtcp: { cname: 'browser', reducedSize: true },
};

describe('live media signalling over /ws (real mediasoup worker)', () => {
  let h: Harness;
  let api: ApiInstance;

  beforeAll(async () => {
    h = await startHarness({ label: 'live_media', projections: [liveStreamsProjection] });
    api = h.api;
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function liveStreamWithSockets() {
    const owner = await api.signedInUser(`media_owner_${Date.now()}`);
    const viewer = await api.signedInUser(`media_viewer_${Date.now()}`);
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: 'Media test' },
    });
    const streamId = started.json().stream.id as string;
    const streamer = await api.socket(owner.cookie);
    const watcher = await api.socket(viewer.cookie);
    for (const socket of [streamer, watcher]) {
      socket.send({ type: 'join_stream', streamId });
      await socket.next('stream_joined');
    }
    return { owner, streamId, streamer, watcher };
  }

  it('the streamer produces over a send transport; a viewer consumes it over a recv transport and resumes', async () => {
    const { streamId, streamer, watcher } = await liveStreamWithSockets();
    const { rtpCapabilities } = await streamer.request({ type: 'media_capabilities', streamId });
    expect(rtpCapabilities.codecs.map((c: { mimeType: string }) => c.mimeType)).toEqual(
      expect.arrayContaining(['audio/opus', 'video/VP8']),
    );

    const { transport: send } = await streamer.request({ type: 'media_create_transport', streamId, direction: 'send' });
    expect(send).toMatchObject({
      id: expect.any(String),
      iceParameters: expect.any(Object),
      iceCandidates: expect.any(Array),
      dtlsParameters: expect.any(Object),
    });
    await streamer.request({
      type: 'media_connect_transport',
      streamId,
      transportId: send.id,
      dtlsParameters: browserDtls,
    });
    const { producerId } = await streamer.request({
      type: 'media_produce',
      streamId,
      transportId: send.id,
      kind: 'video',
      rtpParameters: browserVideo,
    });
    expect(await watcher.next('media_producer_added')).toEqual({
      type: 'media_producer_added',
      streamId,
      producerId,
      kind: 'video',
    });

    // Viewers may not send: no send transport, no produce.
    await expect(
      watcher.request({ type: 'media_create_transport', streamId, direction: 'send' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      watcher.request({
        type: 'media_produce',
        streamId,
        transportId: send.id,
        kind: 'video',
        rtpParameters: browserVideo,
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });

    const { transport: recv } = await watcher.request({ type: 'media_create_transport', streamId, direction: 'recv' });
    const { consumers } = await watcher.request({
      type: 'media_consume',
      streamId,
      transportId: recv.id,
      rtpCapabilities,
    });
    expect(consumers).toEqual([expect.objectContaining({ producerId, kind: 'video', producerPaused: false })]);
    await watcher.request({
      type: 'media_connect_transport',
      streamId,
      transportId: recv.id,
      dtlsParameters: browserDtls,
    });
    await watcher.request({ type: 'media_resume', streamId, consumerId: consumers[0].id });
    // Nothing new to consume the second time.
    expect(
      (await watcher.request({ type: 'media_consume', streamId, transportId: recv.id, rtpCapabilities })).consumers,
    ).toEqual([]);
    await expect(watcher.request({ type: 'media_resume', streamId, consumerId: 'nope' })).rejects.toMatchObject({
      code: 'media_consumer_not_found',
    });

    // The streamer's socket closes: its producer goes, the viewer's consumer is closed.
    await streamer.close();
    expect(await watcher.next('media_consumer_closed')).toEqual({
      type: 'media_consumer_closed',
      streamId,
      consumerId: consumers[0].id,
    });
    await watcher.close();
  });

  it('100 media_create_transport requests from one visitor socket get one transport; the rest are refused with an error, and a broadcaster and a viewer still connect', async () => {
    const { streamId, streamer, watcher } = await liveStreamWithSockets();
    const visitor = await api.socket();
    visitor.send({ type: 'join_stream', streamId });
    await visitor.next('stream_joined');
    const { rtpCapabilities } = await visitor.request({ type: 'media_capabilities', streamId });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        visitor.request({ type: 'media_create_transport', streamId, direction: 'recv' }),
      ),
    );
    const created = results.filter((r) => r.status === 'fulfilled');
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as { code: string }).code] : []));
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(99);
    // Past the per-socket limit (one receive transport: no new port), or past the socket's message rate.
    expect(new Set(refused)).toEqual(new Set(['limit_exceeded', 'rate_limited']));
    expect(refused.filter((code) => code === 'limit_exceeded').length).toBeGreaterThan(0);
    const { media } = api.app.featureContexts.get('live-streams') as LiveStreamsContext;
    const sfu = (await media.started())!;
    // One port for this socket (earlier tests' sockets are closed; their transports go with them).
    await expect.poll(() => sfu.stats().workers.reduce((n, w) => n + w.transports, 0)).toBe(1);

    // The streamer still broadcasts and a viewer still watches.
    const { transport: send } = await streamer.request({ type: 'media_create_transport', streamId, direction: 'send' });
    await streamer.request({
      type: 'media_connect_transport',
      streamId,
      transportId: send.id,
      dtlsParameters: browserDtls,
    });
    const { producerId } = await streamer.request({
      type: 'media_produce',
      streamId,
      transportId: send.id,
      kind: 'video',
      rtpParameters: browserVideo,
    });
    const { transport: recv } = await watcher.request({ type: 'media_create_transport', streamId, direction: 'recv' });
    const { consumers } = await watcher.request({
      type: 'media_consume',
      streamId,
      transportId: recv.id,
      rtpCapabilities,
    });
    expect(consumers).toEqual([expect.objectContaining({ producerId, kind: 'video' })]);
    await watcher.request({
      type: 'media_connect_transport',
      streamId,
      transportId: recv.id,
      dtlsParameters: browserDtls,
    });
    await watcher.request({ type: 'media_resume', streamId, consumerId: consumers[0].id });
    await Promise.all([visitor.close(), streamer.close(), watcher.close()]);
  });

  it("when the stream's mediasoup worker dies the system ends the stream and everyone hears stream_ended", async () => {
    const { streamId, streamer, watcher } = await liveStreamWithSockets();
    await streamer.request({ type: 'media_capabilities', streamId });
    const { media } = api.app.featureContexts.get('live-streams') as LiveStreamsContext;
    const sfu = (await media.started())!;
    const worker = sfu.stats().workers.find((w) => w.streams.includes(streamId))!;
    process.kill(worker.pid, 'SIGKILL');

    expect(await watcher.next('stream_ended', undefined, 15_000)).toEqual({
      type: 'stream_ended',
      streamId,
      reason: 'media_lost',
    });
    await streamer.next('stream_ended');
    const events = await api.services.store.readStream(liveStreamStreamName(streamId));
    const ended = events.at(-1)!;
    expect(ended).toMatchObject({
      type: 'LiveStreamEnded',
      data: { endedBy: null, reason: 'media_lost' },
      metadata: { actorId: 'system' },
    });
    // The pool replaces the worker: the next stream gets media again.
    const next = await liveStreamWithSockets();
    await expect
      .poll(() => next.streamer.request({ type: 'media_capabilities', streamId: next.streamId }).then(() => true), {
        timeout: 10_000,
      })
      .toBe(true);
    await Promise.all([streamer.close(), watcher.close(), next.streamer.close(), next.watcher.close()]);
  });
});

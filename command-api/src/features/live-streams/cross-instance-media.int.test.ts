import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { liveStreamStreamName } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';
import type { LiveStreamsContext } from './context.ts';

// What mediasoup-client in Chrome sends (as in live-media.int.test.ts).
const browserDtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};
const browserTrack = (ssrc: number) => ({
  mid: '0',
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, rtcpFeedback: [{ type: 'nack' }] }],
  headerExtensions: [{ uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 4 }],
  encodings: [{ ssrc }],
  rtcp: { cname: 'browser', reducedSize: true },
});
const LEASE_MS = 1_000;

/**
 * Two API instances sharing the database and Redis, each with its own SFU: the streamer's socket
 * on the first, viewers' and a duet partner's on the second. The media signalling answers on
 * either as if the stream's media were local (it is piped from the first).
 */
describe('live media across two API instances (/ws on each)', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;

  beforeAll(async () => {
    h = await startHarness({
      label: 'cross_media',
      instances: 2,
      projections: [liveStreamsProjection],
      env: { LIVE_MEDIA_INSTANCE_LEASE_MS: String(LEASE_MS) },
    });
    [a, b] = [h.apis[0]!, h.apis[1]!];
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function joined(api: ApiInstance, cookie: string, streamId: string) {
    const socket = await api.socket(cookie);
    socket.send({ type: 'join_stream', streamId });
    return { socket, joined: await socket.next('stream_joined') };
  }

  async function produce(socket: Awaited<ReturnType<ApiInstance['socket']>>, streamId: string, ssrc: number) {
    await socket.request({ type: 'media_capabilities', streamId });
    const { transport } = await socket.request({ type: 'media_create_transport', streamId, direction: 'send' });
    await socket.request({
      type: 'media_connect_transport',
      streamId,
      transportId: transport.id,
      dtlsParameters: browserDtls,
    });
    const { producerId } = await socket.request({
      type: 'media_produce',
      streamId,
      transportId: transport.id,
      kind: 'video',
      rtpParameters: browserTrack(ssrc),
    });
    return producerId as string;
  }

  it("a viewer on the second instance consumes the first one's broadcast and its duet partner's; the end reaches it", async () => {
    const owner = await a.signedInUser(`xi_owner_${Date.now()}`);
    const viewer = await b.signedInUser(`xi_viewer_${Date.now()}`);
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: 'Across instances' },
    });
    const streamId = started.json().stream.id as string;
    const streamer = await joined(a, owner.cookie, streamId);
    const producerId = await produce(streamer.socket, streamId, 1111);

    // On the second instance the stream is on air, and its track is there to consume.
    const watcher = await joined(b, viewer.cookie, streamId);
    expect(watcher.joined).toMatchObject({ role: 'viewer' });
    const { rtpCapabilities } = await watcher.socket.request({ type: 'media_capabilities', streamId });
    const { transport: recv } = await watcher.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'recv',
    });
    const { consumers } = await watcher.socket.request({
      type: 'media_consume',
      streamId,
      transportId: recv.id,
      rtpCapabilities,
    });
    expect(consumers).toEqual([
      expect.objectContaining({ producerId, producerPeerId: expect.any(String), kind: 'video' }),
    ]);
    await watcher.socket.request({ type: 'media_resume', streamId, consumerId: consumers[0].id });

    // A second socket joining on the second instance is told the stream is on air.
    const second = await joined(b, viewer.cookie, streamId);
    expect(second.joined).toMatchObject({ role: 'viewer', broadcasting: true });
    await second.socket.close();

    // The owner's SFU carries one consumer (the pipe's), the second instance's the viewer's.
    const sfuOf = async (api: ApiInstance) =>
      (await (api.app.featureContexts.get('live-streams') as LiveStreamsContext).media.started())!;
    const consumersOn = async (api: ApiInstance) =>
      (await sfuOf(api)).stats().workers.reduce((n, w) => n + w.consumers, 0);
    expect(await consumersOn(a)).toBe(1);
    expect(await consumersOn(b)).toBe(1);

    // A duet partner on the second instance broadcasts there; the streamer's side gets the track.
    const partner = await b.signedInUser(`xi_partner_${Date.now()}`);
    const partnerSide = await joined(b, partner.cookie, streamId);
    const asked = await b.client({ cookie: partner.cookie }).post(`/api/streams/${streamId}/duet/request`, {
      message: 'across',
    });
    expect(asked.statusCode).toBe(200);
    await streamer.socket.next('duet_request');
    const accepted = await a
      .client({ cookie: owner.cookie })
      .post(`/api/streams/${streamId}/duet/accept`, { userId: partner.userId });
    expect(accepted.statusCode).toBe(200);
    await partnerSide.socket.next('duet_started');
    const partnerTrack = await produce(partnerSide.socket, streamId, 3333);
    // Its own instance's viewer hears of it there, and the streamer on the owner's instance too.
    expect(await watcher.socket.next('media_producer_added', (m) => m.producerId === partnerTrack)).toMatchObject({
      streamId,
    });
    expect(await streamer.socket.next('media_producer_added', (m) => m.producerId === partnerTrack)).toMatchObject({
      streamId,
    });
    const { transport: streamerRecv } = await streamer.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'recv',
    });
    const { consumers: seenByStreamer } = await streamer.socket.request({
      type: 'media_consume',
      streamId,
      transportId: streamerRecv.id,
      rtpCapabilities,
    });
    expect(seenByStreamer).toEqual([expect.objectContaining({ producerId: partnerTrack })]);
    // The partner's track was piped once, to the owner: its one pipe consumer sits on the second instance.
    expect(await consumersOn(b)).toBe(2);

    // The duet ends: the partner's track closes on both instances.
    const endedDuet = await b.client({ cookie: partner.cookie }).post(`/api/streams/${streamId}/duet/end`);
    expect(endedDuet.statusCode).toBe(200);
    expect(await streamer.socket.next('media_consumer_closed')).toMatchObject({
      streamId,
      consumerId: seenByStreamer[0].id,
    });
    await partnerSide.socket.close();

    // The streamer ends the stream on the first instance: the viewer on the second hears it.
    const ended = await a.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/end`,
      headers: { cookie: owner.cookie },
    });
    expect(ended.statusCode).toBe(200);
    expect(await watcher.socket.next('stream_ended')).toMatchObject({ streamId, reason: 'owner' });
    await expect.poll(async () => (await sfuOf(b)).hasStream(streamId)).toBe(false);
    await Promise.all([streamer.socket.close(), watcher.socket.close()]);
  });

  it('when the instance holding the media goes away, the stream ends for the system and viewers elsewhere are told', async () => {
    const owner = await a.signedInUser(`xi_owner2_${Date.now()}`);
    const viewer = await b.signedInUser(`xi_viewer2_${Date.now()}`);
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: 'Owner goes away' },
    });
    const streamId = started.json().stream.id as string;
    const streamer = await joined(a, owner.cookie, streamId);
    await produce(streamer.socket, streamId, 2222);
    const watcher = await joined(b, viewer.cookie, streamId);
    await watcher.socket.request({ type: 'media_capabilities', streamId });

    // The first instance's media stops (its SFU closed, its heartbeat gone).
    await (a.app.featureContexts.get('live-streams') as LiveStreamsContext).media.close();
    expect(await watcher.socket.next('stream_ended', undefined, 5 * LEASE_MS)).toEqual({
      type: 'stream_ended',
      streamId,
      reason: 'media_lost',
    });
    const events = await h.store.readStream(liveStreamStreamName(streamId));
    expect(events.at(-1)).toMatchObject({
      type: 'LiveStreamEnded',
      data: { reason: 'media_lost' },
      metadata: { actorId: 'system' },
    });
    await Promise.all([streamer.socket.close(), watcher.socket.close()]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection, reportsProjection, usersProjection } from '@myworld/projections';
import { liveStreamStreamName, parsePosition } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import type { LiveStreamsContext } from '../live-streams/context.ts';
import { testModerators } from './moderation.testing.ts';

// What mediasoup-client in Chrome sends (as in live-streams/live-media.int.test.ts).
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

describe("a removed live stream, or a suspended user's, ends in the SFU at once (real mediasoup worker)", () => {
  let h: Harness;
  const moderators = testModerators();
  let asMod: TestClient;
  let n = 0;

  beforeAll(async () => {
    h = await startHarness({
      workers: true,
      label: 'live_removal',
      projections: [liveStreamsProjection, reportsProjection, usersProjection],
      app: { roles: moderators },
    });
    const mod = await h.api.signedInUser(`mod_${Date.now()}`);
    moderators.add(mod.userId);
    asMod = h.client({ cookie: mod.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const sfuStreams = async () => {
    const { media } = h.api.app.featureContexts.get('live-streams') as LiveStreamsContext;
    return ((await media.started())?.stats().workers ?? []).flatMap((w) => w.streams);
  };

  /** A live stream the streamer broadcasts video to and a viewer consumes, through the SFU. */
  async function broadcasting() {
    const owner = await h.api.signedInUser(`streamer_${Date.now()}_${n++}`);
    const viewer = await h.api.signedInUser(`viewer_${Date.now()}_${n++}`);
    const started = await h.client({ cookie: owner.cookie }).post('/api/streams/start', { title: 'Live now' });
    expect(started.statusCode, started.body).toBe(201);
    const streamId = started.json().stream.id as string;
    const streamer = await h.api.socket(owner.cookie);
    const watcher = await h.api.socket(viewer.cookie);
    for (const socket of [streamer, watcher]) {
      socket.send({ type: 'join_stream', streamId });
      await socket.next('stream_joined');
    }
    const { rtpCapabilities } = await streamer.request({ type: 'media_capabilities', streamId });
    const { transport: send } = await streamer.request({ type: 'media_create_transport', streamId, direction: 'send' });
    await streamer.request({
      type: 'media_connect_transport',
      streamId,
      transportId: send.id,
      dtlsParameters: browserDtls,
    });
    await streamer.request({
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
    expect(consumers).toHaveLength(1);
    expect(await sfuStreams()).toContain(streamId);
    // The reports read model knows the stream and its owner (where a removal is recorded).
    expect(await h.readModels.waitFor('reports', await h.appendedSoFar(), 10_000)).toBe(true);
    return { owner, streamId, streamer, watcher, rtpCapabilities, recv };
  }

  const removeOnReport = async (contentType: 'stream' | 'user', contentId: string) => {
    const reporter = await h.api.signedInUser(`rep_${Date.now()}_${n++}`);
    const filed = await h
      .client({ cookie: reporter.cookie })
      .post('/api/reports', { contentType, contentId, reportReason: 'violence', description: '' });
    expect(filed.statusCode).toBe(201);
    expect(await h.readModels.waitFor('reports', parsePosition(filed.json().position as string), 10_000)).toBe(true);
    const resolved = await asMod.put(`/api/reports/${filed.json().report.id as string}`, { status: 'resolved' });
    expect(resolved.statusCode, resolved.body).toBe(200);
  };

  it('removing the stream ends it: LiveStreamEnded (removed), stream_ended to the streamer and viewers, its SFU room closed, no more consuming', async () => {
    const { streamId, streamer, watcher, rtpCapabilities, recv } = await broadcasting();
    await removeOnReport('stream', streamId);

    expect(await watcher.next('stream_ended')).toEqual({ type: 'stream_ended', streamId, reason: 'removed' });
    expect(await streamer.next('stream_ended')).toEqual({ type: 'stream_ended', streamId, reason: 'removed' });
    const events = await h.store.readStream(liveStreamStreamName(streamId));
    expect(events.slice(-2).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['ContentRemoved', undefined],
      ['LiveStreamEnded', 'removed'],
    ]);
    await expect.poll(sfuStreams, { timeout: 5_000 }).not.toContain(streamId);
    await expect(
      watcher.request({ type: 'media_consume', streamId, transportId: recv.id, rtpCapabilities }),
    ).rejects.toBeDefined();
    await Promise.all([streamer.close(), watcher.close()]);
  });

  it('suspending the streamer (removing the user) ends their live stream the same way', async () => {
    const { owner, streamId, streamer, watcher } = await broadcasting();
    await removeOnReport('user', owner.userId);

    expect(await watcher.next('stream_ended')).toEqual({ type: 'stream_ended', streamId, reason: 'removed' });
    expect((await h.store.readStream(liveStreamStreamName(streamId))).at(-1)).toMatchObject({
      type: 'LiveStreamEnded',
      data: { endedBy: null, reason: 'removed' },
    });
    await expect.poll(sfuStreams, { timeout: 5_000 }).not.toContain(streamId);
    await Promise.all([streamer.close(), watcher.close()]);
  });
});

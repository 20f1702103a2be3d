import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { liveStreamStreamName } from '@myworld/schemas';
import { plainBroadcaster } from '@myworld/sfu/testing';
import { startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';
import type { LiveStreamsContext } from './context.ts';

const TIMEOUT_SECONDS = 2;

describe(`dead live streams end after ${TIMEOUT_SECONDS} s without media (LIVE_MEDIA_TIMEOUT_SECONDS)`, () => {
  let h: Harness;
  let api: ApiInstance;

  beforeAll(async () => {
    h = await startHarness({
      label: 'dead_streams',
      projections: [liveStreamsProjection],
      env: { LIVE_MEDIA_TIMEOUT_SECONDS: String(TIMEOUT_SECONDS) },
    });
    api = h.api;
  });
  afterAll(async () => {
    await h?.stop();
  });

  /** A user goes live and a viewer's socket watches; the stream is listed. */
  async function liveStreamWithViewer(name: string) {
    const owner = await api.signedInUser(`${name}_${Date.now()}`);
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: name },
    });
    expect(started.statusCode).toBe(201);
    const { stream, position } = started.json() as { stream: { id: string }; position: string };
    const watcher = await api.socket();
    watcher.send({ type: 'join_stream', streamId: stream.id });
    await watcher.next('stream_joined');
    expect(await listedIds(position)).toContain(stream.id);
    return { streamId: stream.id, startedAt: Date.now(), watcher };
  }

  async function listedIds(position?: string): Promise<string[]> {
    const r = await api.app.inject({
      method: 'GET',
      url: '/api/streams/active',
      headers: position ? { 'x-min-position': position } : {},
    });
    return (r.json() as Array<{ id: string }>).map((s) => s.id);
  }

  async function expectEndedBySystem(streamId: string, reason: string) {
    const events = await api.services.store.readStream(liveStreamStreamName(streamId));
    expect(events.at(-1)).toMatchObject({
      type: 'LiveStreamEnded',
      data: { streamId, endedBy: null, reason },
      metadata: { actorId: 'system' },
    });
    expect(events.filter((e) => e.type === 'LiveStreamEnded')).toHaveLength(1);
    await expect.poll(() => listedIds(), { timeout: 5_000 }).not.toContain(streamId);
    const page = await api.app.inject({ method: 'GET', url: `/api/streams/${streamId}` });
    expect(page.json()).toMatchObject({ stream: { isActive: false, endedAt: expect.any(String) } });
  }

  it('a stream whose broadcaster never connects media ends with media_never_connected and leaves the listings', async () => {
    const { streamId, startedAt, watcher } = await liveStreamWithViewer('silent');
    expect(await watcher.next('stream_ended', undefined, TIMEOUT_SECONDS * 1000 + 8_000)).toEqual({
      type: 'stream_ended',
      streamId,
      reason: 'media_never_connected',
    });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 50);
    await expectEndedBySystem(streamId, 'media_never_connected');
    await watcher.close();
  }, 20_000);

  it('a stream stays live while media flows past the timeout, and ends with media_stopped once it stops', async () => {
    const { streamId, watcher } = await liveStreamWithViewer('flowing');
    const { media } = api.app.featureContexts.get('live-streams') as LiveStreamsContext;
    const sfu = await media.sfu();
    await sfu.openStream(streamId);
    // The broadcaster's tracks over plain RTP, as a browser's would arrive over WebRTC.
    const broadcaster = await plainBroadcaster(sfu, streamId, 'broadcaster');
    const flowFor = TIMEOUT_SECONDS * 1000 * 2;
    for (const until = Date.now() + flowFor; Date.now() < until;) {
      await broadcaster.send(10);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stoppedAt = Date.now();
    expect(await listedIds()).toContain(streamId);
    const events = await api.services.store.readStream(liveStreamStreamName(streamId));
    expect(events.map((e) => e.type)).not.toContain('LiveStreamEnded');

    expect(await watcher.next('stream_ended', undefined, TIMEOUT_SECONDS * 1000 + 8_000)).toEqual({
      type: 'stream_ended',
      streamId,
      reason: 'media_stopped',
    });
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000 - 1_000);
    await expectEndedBySystem(streamId, 'media_stopped');
    // Its media is gone with it.
    expect(sfu.hasStream(streamId)).toBe(false);
    broadcaster.close();
    await watcher.close();
  }, 30_000);

  it('a stream the owner ends is not ended again', async () => {
    const owner = await api.signedInUser(`ender_${Date.now()}`);
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: 'short' },
    });
    const streamId = (started.json() as { stream: { id: string } }).stream.id;
    const ended = await api.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/end`,
      headers: { cookie: owner.cookie },
    });
    expect(ended.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_SECONDS * 1000 + 1_500));
    const events = await api.services.store.readStream(liveStreamStreamName(streamId));
    expect(events.filter((e) => e.type === 'LiveStreamEnded').map((e) => e.data)).toEqual([
      expect.objectContaining({ reason: 'owner', endedBy: owner.userId }),
    ]);
  }, 20_000);
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { liveStream, liveStreamList, liveStreamStreamName } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('live streams over HTTP and /ws', () => {
  let h: Harness;
  let api: ApiInstance;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    h = await startHarness({ label: 'live_api', projections: [liveStreamsProjection] });
    api = h.api;
    alice = await api.signedInUser(`alice_${Date.now()}`);
    bob = await api.signedInUser(`bob_${Date.now()}`);
  });
  afterAll(async () => {
    await h?.stop();
  });

  const call = (
    method: 'GET' | 'POST',
    url: string,
    cookie?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    api.app.inject({
      method,
      url,
      headers: { ...(cookie ? { cookie } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  const start = async (cookie: string, body: Record<string, unknown> = { title: 'Jam', category: 'music' }) => {
    const r = await call('POST', '/api/streams/start', cookie, body);
    expect(r.statusCode).toBe(201);
    return r.json() as { stream: { id: string }; position: string };
  };

  it('POST /api/streams/start: 401 for visitors, 400 naming title with "Please enter a title for your live stream", 201 with the stream for users', async () => {
    expect((await call('POST', '/api/streams/start', undefined, { title: 'x' })).statusCode).toBe(401);
    const blank = await call('POST', '/api/streams/start', alice.cookie, { title: '   ', category: 'music' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      error: 'validation_failed',
      field: 'title',
      message: 'Please enter a title for your live stream',
    });
    const badCategory = await call('POST', '/api/streams/start', alice.cookie, { title: 'x', category: 'sports' });
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({ field: 'category' });

    const r = await call('POST', '/api/streams/start', alice.cookie, {
      title: '  Morning jam ',
      description: 'chill',
      category: 'music',
      tags: ['lofi'],
    });
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.position).toMatch(/^\d+\/\d+$/);
    expect(liveStream.parse(body.stream)).toMatchObject({
      title: 'Morning jam',
      description: 'chill',
      category: 'music',
      tags: ['lofi'],
      allowDuets: true,
      isActive: true,
      viewerCount: 0,
      userId: alice.userId,
      streamerUsername: alice.username,
      user: { username: alice.username, isVerified: false },
    });
    const events = await api.services.store.readStream(liveStreamStreamName(body.stream.id));
    expect(events.map((e) => [e.type, e.metadata.actorId])).toEqual([['LiveStreamStarted', alice.userId]]);
  });

  it('an Idempotency-Key makes a retried start land on the same stream', async () => {
    const key = `start-${randomUUID()}`;
    const a = await call('POST', '/api/streams/start', alice.cookie, { title: 'Retry me' }, { 'idempotency-key': key });
    const b = await call('POST', '/api/streams/start', alice.cookie, { title: 'Retry me' }, { 'idempotency-key': key });
    expect(a.json().stream.id).toBe(b.json().stream.id);
    expect(b.json().position).toBe(a.json().position);
  });

  it('listings read the live_streams read model (own writes via X-Min-Position), by category', async () => {
    const gaming = await start(bob.cookie, { title: 'Speedrun', category: 'gaming' });
    const headers = { 'x-min-position': gaming.position };
    const all = await call('GET', '/api/streams/active/all', undefined, undefined, headers);
    expect(all.statusCode).toBe(200);
    const list = liveStreamList.parse(all.json());
    expect(list.map((s) => s.id)).toContain(gaming.stream.id);
    const byCategory = liveStreamList.parse(
      (await call('GET', '/api/streams/active?category=gaming', undefined, undefined, headers)).json(),
    );
    expect(byCategory.every((s) => s.category === 'gaming')).toBe(true);
    expect(byCategory.map((s) => s.id)).toContain(gaming.stream.id);
    expect(
      liveStreamList.parse(
        (await call('GET', '/api/streams/active?category=all', undefined, undefined, headers)).json(),
      ).length,
    ).toBe(list.length);
    expect((await call('GET', '/api/streams/active?category=sports')).json()).toMatchObject({ field: 'category' });
    expect(
      liveStreamList
        .parse((await call('GET', '/api/live-streams', undefined, undefined, headers)).json())
        .map((s) => s.id),
    ).toContain(gaming.stream.id);
    const one = await call('GET', `/api/streams/${gaming.stream.id}`, undefined, undefined, headers);
    expect(one.json().stream).toMatchObject({
      id: gaming.stream.id,
      streamerUsername: bob.username,
      category: 'gaming',
    });
    expect((await call('GET', `/api/streams/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/streams/not-a-uuid')).json()).toMatchObject({ field: 'id' });
  });

  it('POST /join gives the details; POST /end is owner only (403), 404 unknown, 410 when already ended', async () => {
    const { stream } = await start(alice.cookie);
    const joined = await call('POST', `/api/streams/${stream.id}/join`);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().stream).toMatchObject({ id: stream.id, isActive: true, streamerUsername: alice.username });
    expect((await call('POST', `/api/streams/${randomUUID()}/join`)).statusCode).toBe(404);

    expect((await call('POST', `/api/streams/${stream.id}/end`)).statusCode).toBe(401);
    expect((await call('POST', `/api/streams/${stream.id}/end`, bob.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/streams/${randomUUID()}/end`, alice.cookie)).statusCode).toBe(404);
    const ended = await call('POST', `/api/streams/${stream.id}/end`, alice.cookie);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toMatchObject({ stream: { id: stream.id, isActive: false } });
    const again = await call('POST', `/api/streams/${stream.id}/end`, alice.cookie);
    expect(again.statusCode).toBe(410);
    expect((await call('POST', `/api/streams/${stream.id}/join`)).statusCode).toBe(410);
    const active = liveStreamList.parse(
      (
        await call('GET', '/api/streams/active/all', undefined, undefined, { 'x-min-position': ended.json().position })
      ).json(),
    );
    expect(active.map((s) => s.id)).not.toContain(stream.id);
  });

  it('sockets: viewers join and leave (counted, broadcast), chat reaches the room with the sender, the end reaches everyone', async () => {
    const { stream } = await start(alice.cookie);
    const streamer = await api.socket(alice.cookie);
    const viewer = await api.socket(bob.cookie);
    const visitor = await api.socket();

    streamer.send({ type: 'join_stream', streamId: stream.id });
    expect(await streamer.next('stream_joined')).toEqual({
      type: 'stream_joined',
      streamId: stream.id,
      role: 'streamer',
      viewerCount: 0,
      broadcasting: false,
    });
    viewer.send({ type: 'join_stream', streamId: stream.id });
    expect(await viewer.next('stream_joined')).toMatchObject({ role: 'viewer', viewerCount: 1 });
    expect(await streamer.next('viewer_joined')).toEqual({
      type: 'viewer_joined',
      streamId: stream.id,
      viewerCount: 1,
      username: bob.username,
    });
    visitor.send({ type: 'join_stream', streamId: stream.id });
    expect(await visitor.next('stream_joined')).toMatchObject({ role: 'viewer', viewerCount: 2 });
    expect(await streamer.next('viewer_joined', (m) => m.viewerCount === 2)).toMatchObject({ username: null });

    viewer.send({ type: 'stream_chat', content: '  hello from bob  ' });
    const chat = await streamer.next('chat_message');
    expect(chat.message).toMatchObject({
      content: 'hello from bob',
      user: { id: bob.userId, username: bob.username, profileImageUrl: null },
    });
    await visitor.next('chat_message');
    await viewer.next('chat_message');

    visitor.send({ type: 'stream_chat', content: 'hi' });
    expect(await visitor.next('error', (m) => m.for === 'stream_chat')).toMatchObject({ code: 'unauthorized' });
    viewer.send({ type: 'stream_chat', content: '   ' });
    expect(await viewer.next('error', (m) => m.for === 'stream_chat')).toMatchObject({
      code: 'invalid_message',
      message: 'content: Please enter a message',
    });
    viewer.send({ type: 'streamer_ready' });
    expect(await viewer.next('error', (m) => m.for === 'streamer_ready')).toMatchObject({ code: 'forbidden' });
    streamer.send({ type: 'streamer_ready' });
    await viewer.next('streamer_broadcasting');

    await visitor.close();
    expect(await streamer.next('viewer_left')).toEqual({ type: 'viewer_left', streamId: stream.id, viewerCount: 1 });

    const ended = await call('POST', `/api/streams/${stream.id}/end`, alice.cookie);
    expect(ended.statusCode).toBe(200);
    expect(await viewer.next('stream_ended')).toEqual({ type: 'stream_ended', streamId: stream.id, reason: 'owner' });
    await streamer.next('stream_ended');

    const types = (await api.services.store.readStream(liveStreamStreamName(stream.id))).map((e) => e.type);
    // Leaving writes nothing: presence is in Redis; the log keeps one "viewed" event per viewer.
    expect(types).toEqual([
      'LiveStreamStarted',
      'LiveStreamViewerJoined',
      'LiveStreamViewerJoined',
      'LiveStreamChatMessagePosted',
      'LiveStreamEnded',
    ]);
    const withPosition = await call('GET', `/api/streams/${stream.id}/chat`, undefined, undefined, {
      'x-min-position': ended.json().position,
    });
    expect(withPosition.json().messages.map((m: { content: string }) => m.content)).toEqual(['hello from bob']);
    await Promise.all([streamer.close(), viewer.close()]);
  });
});

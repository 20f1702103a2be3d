import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';

describe('/ws gateway', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;

  beforeAll(async () => {
    // Two API instances sharing PostgreSQL and Redis, as behind a load balancer.
    h = await startHarness({ label: 'ws_gateway', instances: 2, projections: [liveStreamsProjection] });
    [a, b] = h.apis as [ApiInstance, ApiInstance];
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('takes identity from the session cookie: authenticate must match it and never replaces it', async () => {
    const user = await a.signedInUser(`ws_user_${Date.now()}`);
    const other = await a.signedInUser(`ws_other_${Date.now()}`);
    const socket = await a.socket(user.cookie);
    socket.send({ type: 'authenticate', userId: user.userId });
    expect(await socket.next('authenticated')).toEqual({ type: 'authenticated', userId: user.userId });
    socket.send({ type: 'authenticate', userId: other.userId });
    expect(await socket.next('error', (m) => m.for === 'authenticate')).toMatchObject({
      code: 'authentication_mismatch',
    });
    const visitor = await a.socket();
    visitor.send({ type: 'authenticate', userId: user.userId });
    expect(await visitor.next('error')).toMatchObject({
      code: 'authentication_mismatch',
      message: 'Please sign in first.',
    });
    await Promise.all([socket.close(), visitor.close()]);
  });

  it('answers bad JSON, unknown types and failed parses with an error message and keeps the socket open', async () => {
    const socket = await a.socket();
    socket.sendRaw('{not json');
    expect(await socket.next('error', (m) => m.code === 'invalid_json')).toMatchObject({
      message: 'messages must be JSON objects',
    });
    socket.send({ type: 'teleport' });
    expect(await socket.next('error', (m) => m.code === 'unknown_type')).toMatchObject({
      message: 'unknown message type "teleport"',
      for: 'teleport',
    });
    socket.send({ type: 'join_stream', streamId: 'nope' });
    expect(await socket.next('error', (m) => m.code === 'invalid_message')).toMatchObject({
      message: 'streamId: streamId must be a UUID',
      for: 'join_stream',
    });
    socket.send({ type: 'media_capabilities', requestId: 'q1', streamId: '6f1c2a8e-3b7d-4f0a-9c51-2d8e7b4a1f90' });
    expect(await socket.next('error', (m) => m.requestId === 'q1')).toMatchObject({ code: 'not_joined' });
    socket.send({ type: 'join_stream', streamId: '6f1c2a8e-3b7d-4f0a-9c51-2d8e7b4a1f90' });
    expect(await socket.next('error', (m) => m.for === 'join_stream' && m.code === 'not_found')).toBeTruthy();
    socket.send({ type: 'authenticate', userId: 'x' });
    await socket.next('error', (m) => m.for === 'authenticate'); // still open and answering
    await socket.close();
  });

  it('refuses upgrades from pages of another origin', async () => {
    await expect(a.socket(undefined, 'http://evil.example')).rejects.toThrow('upgrade refused: 403');
    const same = await a.socket(undefined, a.baseUrl);
    await same.close();
  });

  it('fans chat and stream events out through Redis: sent on instance A, received on instance B', async () => {
    const streamer = await a.signedInUser(`fan_streamer_${Date.now()}`);
    const viewer = await a.signedInUser(`fan_viewer_${Date.now()}`);
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: streamer.cookie },
      payload: { title: 'Across instances' },
    });
    const streamId = started.json().stream.id as string;

    const onA = await a.socket(viewer.cookie);
    const onB = await b.socket(streamer.cookie);
    onB.send({ type: 'join_stream', streamId });
    await onB.next('stream_joined');
    onA.send({ type: 'join_stream', streamId });
    await onA.next('stream_joined');
    expect(await onB.next('viewer_joined')).toMatchObject({ viewerCount: 1, username: viewer.username });

    onA.send({ type: 'stream_chat', content: 'hello from instance A' });
    const received = await onB.next('chat_message');
    expect(received.message).toMatchObject({
      content: 'hello from instance A',
      user: { id: viewer.userId, username: viewer.username },
    });

    // Ended through instance B's HTTP API: the socket on A hears it.
    const ended = await b.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/end`,
      headers: { cookie: streamer.cookie },
    });
    expect(ended.statusCode).toBe(200);
    expect(await onA.next('stream_ended')).toEqual({ type: 'stream_ended', streamId, reason: 'owner' });
    await Promise.all([onA.close(), onB.close()]);
  });
});

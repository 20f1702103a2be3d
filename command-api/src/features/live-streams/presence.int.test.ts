import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { liveStreamList, liveStreamStreamName } from '@myworld/schemas';
import { startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';

describe('live-stream presence in Redis, chat and relay limits over /ws (two API instances)', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;

  beforeAll(async () => {
    // A high message rate, so what holds the log back here is presence, not the socket's rate limit.
    h = await startHarness({
      label: 'live_presence',
      instances: 2,
      projections: [liveStreamsProjection],
      env: { WS_MAX_MESSAGES_PER_SECOND: '100000', WS_MAX_CHAT_PER_10S: '3' },
    });
    [a, b] = h.apis as [ApiInstance, ApiInstance];
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function liveStream() {
    const owner = await a.signedInUser(`presence_owner_${Date.now()}`);
    const started = await a.app.inject({
      method: 'POST',
      url: '/api/streams/start',
      headers: { cookie: owner.cookie },
      payload: { title: 'Presence' },
    });
    return { owner, streamId: started.json().stream.id as string };
  }
  const eventTypes = async (streamId: string) =>
    (await h.store.readStream(liveStreamStreamName(streamId))).map((e) => e.type);

  it('1,000 join/leave messages from one socket append at most one viewed event, and no leave events', async () => {
    const { streamId } = await liveStream();
    const visitor = await a.socket();
    for (let i = 0; i < 500; i++) {
      visitor.send({ type: 'join_stream', streamId });
      visitor.send({ type: 'leave_stream', streamId });
    }
    await visitor.next(
      'stream_left',
      () => visitor.messages.filter((m) => m.type === 'stream_left').length === 500,
      30_000,
    );
    expect(visitor.messages.filter((m) => m.type === 'error')).toEqual([]);
    expect(await eventTypes(streamId)).toEqual(['LiveStreamStarted', 'LiveStreamViewerJoined']);
    // The same viewer on another socket and instance within the hour: still nothing new.
    const again = await b.socket();
    again.send({ type: 'join_stream', streamId });
    await again.next('stream_joined');
    expect(await eventTypes(streamId)).toEqual(['LiveStreamStarted', 'LiveStreamViewerJoined']);
    await Promise.all([visitor.close(), again.close()]);
  });

  it('counts viewers from Redis across instances: the stream page and the listings show who is watching now', async () => {
    const { owner, streamId } = await liveStream();
    const streamer = await a.socket(owner.cookie);
    streamer.send({ type: 'join_stream', streamId });
    await streamer.next('stream_joined');
    const viewers = [
      await a.socket((await a.signedInUser(`presence_v1_${Date.now()}`)).cookie),
      await b.socket((await b.signedInUser(`presence_v2_${Date.now()}`)).cookie),
      await b.socket(),
    ];
    for (const [i, v] of viewers.entries()) {
      v.send({ type: 'join_stream', streamId });
      expect(await v.next('stream_joined')).toMatchObject({ role: 'viewer', viewerCount: i + 1 });
    }
    const countOn = async (api: ApiInstance) => {
      const page = (await api.app.inject({ method: 'GET', url: `/api/streams/${streamId}` })).json().stream
        .viewerCount as number;
      const listed = liveStreamList
        .parse((await api.app.inject({ method: 'GET', url: '/api/streams/active/all' })).json())
        .find((s) => s.id === streamId)?.viewerCount;
      const joined = (await api.app.inject({ method: 'POST', url: `/api/streams/${streamId}/join` })).json().stream
        .viewerCount as number;
      return [page, listed, joined];
    };
    await expect.poll(() => countOn(a)).toEqual([3, 3, 3]);
    expect(await countOn(b)).toEqual([3, 3, 3]);
    await viewers[2]!.close();
    expect(await streamer.next('viewer_left')).toMatchObject({ viewerCount: 2 });
    await expect.poll(() => countOn(a)).toEqual([2, 2, 2]);
    await Promise.all([streamer.close(), viewers[0]!.close(), viewers[1]!.close()]);
  });

  it('limits chat per user across their sockets and instances (WS_MAX_CHAT_PER_10S) with error rate_limited; the sockets stay open', async () => {
    const { streamId } = await liveStream();
    const user = await a.signedInUser(`presence_chatty_${Date.now()}`);
    const onA = await a.socket(user.cookie);
    const onB = await b.socket(user.cookie);
    for (const s of [onA, onB]) {
      s.send({ type: 'join_stream', streamId });
      await s.next('stream_joined');
    }
    for (let i = 0; i < 3; i++) onA.send({ type: 'stream_chat', content: `a${i}` });
    await onA.next('chat_message', (m) => m.message.content === 'a2');
    onB.send({ type: 'stream_chat', content: 'b0' });
    expect(await onB.next('error', (m) => m.for === 'stream_chat')).toMatchObject({
      code: 'rate_limited',
      message: 'You are sending messages too fast. Please wait a moment.',
    });
    onB.send({ type: 'ping' });
    await onB.next('pong');
    expect((await eventTypes(streamId)).filter((t) => t === 'LiveStreamChatMessagePosted')).toHaveLength(3);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('relays webrtc_offer / answer / ice_candidate only between members of the same stream room', async () => {
    const first = await liveStream();
    const second = await liveStream();
    const [alice, bob, carol] = [
      await a.signedInUser(`relay_a_${Date.now()}`),
      await a.signedInUser(`relay_b_${Date.now()}`),
      await a.signedInUser(`relay_c_${Date.now()}`),
    ];
    const aliceSocket = await a.socket(alice.cookie);
    const bobSocket = await b.socket(bob.cookie);
    const carolSocket = await a.socket(carol.cookie);
    const bobElsewhere = await a.socket(bob.cookie);
    aliceSocket.send({ type: 'join_stream', streamId: first.streamId });
    bobSocket.send({ type: 'join_stream', streamId: first.streamId });
    carolSocket.send({ type: 'join_stream', streamId: second.streamId });
    await Promise.all([
      aliceSocket.next('stream_joined'),
      bobSocket.next('stream_joined'),
      carolSocket.next('stream_joined'),
    ]);

    // Same room, across instances: delivered to the target's socket in that room only.
    for (const type of ['webrtc_offer', 'webrtc_answer', 'webrtc_ice_candidate'] as const) {
      aliceSocket.send({ type, to: bob.userId, data: { sdp: type } });
      expect(await bobSocket.next(type)).toEqual({ type, from: alice.userId, data: { sdp: type } });
    }
    // The target is in another stream, in none, or is the sender: refused.
    aliceSocket.send({ type: 'webrtc_offer', to: carol.userId, data: {} });
    expect(await aliceSocket.next('error', (m) => m.for === 'webrtc_offer')).toMatchObject({
      code: 'not_in_stream',
      message: 'That user is not in this live stream',
    });
    carolSocket.send({ type: 'webrtc_answer', to: bob.userId, data: {} });
    expect(await carolSocket.next('error', (m) => m.for === 'webrtc_answer')).toMatchObject({ code: 'not_in_stream' });
    aliceSocket.send({ type: 'webrtc_ice_candidate', to: alice.userId, data: {} });
    expect(await aliceSocket.next('error', (m) => m.for === 'webrtc_ice_candidate')).toMatchObject({
      code: 'not_in_stream',
    });
    // A sender in no stream: refused.
    bobElsewhere.send({ type: 'webrtc_offer', to: alice.userId, data: {} });
    expect(await bobElsewhere.next('error', (m) => m.for === 'webrtc_offer')).toMatchObject({ code: 'not_joined' });
    // After bob leaves, he is no longer a target.
    bobSocket.send({ type: 'leave_stream', streamId: first.streamId });
    await bobSocket.next('stream_left');
    aliceSocket.send({ type: 'webrtc_ice_candidate', to: bob.userId, data: {} });
    expect(
      await aliceSocket.next('error', (m) => m.for === 'webrtc_ice_candidate' && m.code === 'not_in_stream'),
    ).toBeTruthy();

    bobElsewhere.send({ type: 'ping' });
    await bobElsewhere.next('pong');
    // bob's other socket, in no stream room, never got a relay.
    expect(bobElsewhere.messages.filter((m) => m.type.startsWith('webrtc_'))).toEqual([]);
    await Promise.all([aliceSocket.close(), bobSocket.close(), carolSocket.close(), bobElsewhere.close()]);
  });
});

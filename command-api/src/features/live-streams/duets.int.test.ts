import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { duetResponse, liveStreamStreamName } from '@myworld/schemas';
import { type TestClient, type TestSocket } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';
import type { LiveStreamsContext } from './context.ts';

// What mediasoup-client in Chrome sends (see live-media.int.test.ts).
const browserDtls = {
  role: 'client',
  fingerprints: [{ algorithm: 'sha-256', value: Array.from({ length: 32 }, () => 'AB').join(':') }],
};
const browserVideo = (ssrc: number) => ({
  mid: '0',
  codecs: [{ mimeType: 'video/VP8', payloadType: 96, clockRate: 90000, rtcpFeedback: [{ type: 'nack' }] }],
  headerExtensions: [{ uri: 'urn:ietf:params:rtp-hdrext:sdes:mid', id: 4 }],
  encodings: [{ ssrc }],
  rtcp: { cname: 'browser', reducedSize: true },
});

describe('duets: request, accept, decline, end; the partner broadcasts; a partner who leaves ends it', () => {
  let h: Harness;
  let ctx: LiveStreamsContext;
  const open: TestSocket[] = [];

  beforeAll(async () => {
    h = await startHarness({ label: 'live_duets', projections: [liveStreamsProjection] });
    ctx = h.api.app.featureContexts.get('live-streams') as LiveStreamsContext;
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await h?.stop();
  });

  interface Member {
    readonly user: SignedInUser;
    readonly http: TestClient;
    socket: TestSocket;
  }

  const member = async (name: string): Promise<Member> => {
    const user = await h.api.signedInUser(`${name}_${Date.now()}`);
    const socket = await h.api.socket(user.cookie);
    open.push(socket);
    return { user, http: h.client({ cookie: user.cookie }), socket };
  };
  const join = async (m: Member, streamId: string) => {
    m.socket.send({ type: 'join_stream', streamId });
    await m.socket.next('stream_joined', (j) => j.streamId === streamId);
  };
  /** A live stream of a new streamer with two viewers in its room (all sockets joined). */
  const liveStream = async (body: Record<string, unknown> = { title: 'Duet night' }) => {
    const [streamer, fan, other] = [await member('streamer'), await member('fan'), await member('other')];
    const started = await streamer.http.post('/api/streams/start', body);
    expect(started.statusCode).toBe(201);
    const streamId = started.json().stream.id as string;
    for (const m of [streamer, fan, other]) await join(m, streamId);
    return { streamId, streamer, fan, other };
  };
  const request = (m: Member, streamId: string, message = 'sing with me') =>
    m.http.post(`/api/streams/${streamId}/duet/request`, { message });
  const accept = (m: Member, streamId: string, userId: string) =>
    m.http.post(`/api/streams/${streamId}/duet/accept`, { userId });
  const types = async (streamId: string) =>
    (await h.store.readStream(liveStreamStreamName(streamId))).map((e) => e.type);

  it("a request reaches only the streamer's sockets, with the requester's name; the rules answer 400 / 403 / 409 / 410", async () => {
    const { streamId, streamer, fan, other } = await liveStream();
    const asked = await request(fan, streamId, '  sing with me  ');
    expect(asked.statusCode).toBe(200);
    expect(duetResponse.parse(asked.json())).toEqual({ streamId, duetPartnerId: null, position: expect.any(String) });
    expect(await streamer.socket.next('duet_request')).toEqual({
      type: 'duet_request',
      streamId,
      from: { id: fan.user.userId, username: fan.user.username, profileImageUrl: null },
      message: 'sing with me',
    });
    // Asking again while pending is fine.
    expect((await request(fan, streamId, 'again')).statusCode).toBe(200);
    await streamer.socket.next('duet_request', (m) => m.message === 'again');

    expect((await h.client().post(`/api/streams/${streamId}/duet/request`, { message: '' })).statusCode).toBe(401);
    const own = await request(streamer, streamId);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'You cannot request a duet with your own stream' });
    const long = await request(other, streamId, 'x'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ field: 'message', message: 'The duet message is at most 200 characters' });

    const closed = await streamer.http.post('/api/streams/start', { title: 'No duets', allowDuets: false });
    const refused = await request(fan, closed.json().stream.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: 'duets_not_allowed',
      message: 'This stream does not accept duet requests',
    });
    const later = await streamer.http.post('/api/streams/start', {
      title: 'Later',
      scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await request(fan, later.json().stream.id)).statusCode).toBe(409);
    await streamer.http.post(`/api/streams/${closed.json().stream.id}/end`);
    expect((await request(fan, closed.json().stream.id)).statusCode).toBe(410);

    other.socket.send({ type: 'ping' });
    await other.socket.next('pong');
    expect([...fan.socket.messages, ...other.socket.messages].filter((m) => m.type === 'duet_request')).toEqual([]);
  });

  it('decline tells the requester only; accept needs a pending request from someone in the room, one partner at a time', async () => {
    const { streamId, streamer, fan, other } = await liveStream();
    await request(other, streamId);
    expect(
      (await other.http.post(`/api/streams/${streamId}/duet/decline`, { userId: other.user.userId })).statusCode,
    ).toBe(403);
    const declined = await streamer.http.post(`/api/streams/${streamId}/duet/decline`, { userId: other.user.userId });
    expect(declined.statusCode).toBe(200);
    expect(await other.socket.next('duet_declined')).toEqual({ type: 'duet_declined', streamId });
    const again = await streamer.http.post(`/api/streams/${streamId}/duet/decline`, { userId: other.user.userId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'duet_not_requested', message: 'That user has not requested a duet' });
    expect((await accept(streamer, streamId, other.user.userId)).statusCode).toBe(409);

    // Someone who asked but has no socket in the room cannot be accepted.
    const away = await member('away');
    await request(away, streamId);
    const notInRoom = await accept(streamer, streamId, away.user.userId);
    expect(notInRoom.statusCode).toBe(409);
    expect(notInRoom.json()).toMatchObject({
      error: 'duet_partner_not_in_room',
      message: 'That user is no longer watching this stream',
    });

    await request(fan, streamId);
    const forbidden = await accept(other, streamId, fan.user.userId);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ message: 'Only the streamer can answer duet requests' });
    const accepted = await accept(streamer, streamId, fan.user.userId);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ streamId, duetPartnerId: fan.user.userId });
    const started = {
      type: 'duet_started',
      streamId,
      partner: { id: fan.user.userId, username: fan.user.username, profileImageUrl: null },
    };
    expect(await other.socket.next('duet_started')).toEqual(started);
    expect(await streamer.socket.next('duet_started')).toEqual(started);

    // One partner at a time.
    await join(away, streamId);
    const second = await accept(streamer, streamId, away.user.userId);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      error: 'duet_partner_present',
      message: 'This stream already has a duet partner',
    });
    expect((await request(other, streamId)).json()).toMatchObject({ error: 'duet_partner_present' });
    expect(
      (await h.client().get(`/api/streams/${streamId}`, { 'x-min-position': accepted.json().position })).json().stream,
    ).toMatchObject({ duetPartnerId: fan.user.userId });
  });

  it('end: 403 for others, the partner or the streamer ends it (duet_ended to the room), then 409; ending the stream ends the duet', async () => {
    const { streamId, streamer, fan, other } = await liveStream();
    const noDuet = await streamer.http.post(`/api/streams/${streamId}/duet/end`);
    expect(noDuet.statusCode).toBe(409);
    expect(noDuet.json()).toMatchObject({ error: 'duet_not_present', message: 'There is no duet in this stream' });
    await request(fan, streamId);
    await accept(streamer, streamId, fan.user.userId);
    const notMember = await other.http.post(`/api/streams/${streamId}/duet/end`);
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json()).toMatchObject({ message: 'Only the streamer or the duet partner can end the duet' });
    const ended = await fan.http.post(`/api/streams/${streamId}/duet/end`);
    expect(ended.json()).toMatchObject({ streamId, duetPartnerId: null });
    expect(await other.socket.next('duet_ended')).toEqual({
      type: 'duet_ended',
      streamId,
      partnerId: fan.user.userId,
      reason: 'partner',
    });
    expect((await fan.http.post(`/api/streams/${streamId}/duet/end`)).statusCode).toBe(409);

    // A new duet, then the streamer ends it; then another, which ends with the stream.
    await request(fan, streamId);
    await accept(streamer, streamId, fan.user.userId);
    await streamer.http.post(`/api/streams/${streamId}/duet/end`);
    await other.socket.next('duet_ended', (m) => m.reason === 'streamer');
    await request(other, streamId);
    await accept(streamer, streamId, other.user.userId);
    const over = await streamer.http.post(`/api/streams/${streamId}/end`);
    expect(
      (await h.client().get(`/api/streams/${streamId}`, { 'x-min-position': over.json().position })).json().stream,
    ).toMatchObject({ isActive: false, duetPartnerId: null });
    expect((await streamer.http.post(`/api/streams/${streamId}/duet/end`)).statusCode).toBe(410);
    expect((await request(fan, streamId)).statusCode).toBe(410);
    const log = await h.store.readStream(liveStreamStreamName(streamId));
    expect(
      log
        .filter((e) => e.type === 'LiveStreamDuetEnded')
        .map((e) => [(e.data as { reason: string }).reason, e.metadata.actorId]),
    ).toEqual([
      ['partner', fan.user.userId],
      ['streamer', streamer.user.userId],
    ]);
  });

  it("the partner broadcasts into the stream; viewers and the streamer receive both; ending the duet closes the partner's tracks", async () => {
    const { streamId, streamer, fan, other } = await liveStream();
    const { rtpCapabilities } = await streamer.socket.request({ type: 'media_capabilities', streamId });
    const { transport: streamerSend } = await streamer.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'send',
    });
    await streamer.socket.request({
      type: 'media_connect_transport',
      streamId,
      transportId: streamerSend.id,
      dtlsParameters: browserDtls,
    });
    const { producerId: streamerVideo } = await streamer.socket.request({
      type: 'media_produce',
      streamId,
      transportId: streamerSend.id,
      kind: 'video',
      rtpParameters: browserVideo(11111111),
    });

    // Before the duet the fan may not send.
    await expect(
      fan.socket.request({ type: 'media_create_transport', streamId, direction: 'send' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await request(fan, streamId);
    await accept(streamer, streamId, fan.user.userId);
    await fan.socket.next('duet_started');

    const { transport: fanSend } = await fan.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'send',
    });
    await fan.socket.request({
      type: 'media_connect_transport',
      streamId,
      transportId: fanSend.id,
      dtlsParameters: browserDtls,
    });
    const { producerId: fanVideo } = await fan.socket.request({
      type: 'media_produce',
      streamId,
      transportId: fanSend.id,
      kind: 'video',
      rtpParameters: browserVideo(22222222),
    });
    expect(await other.socket.next('media_producer_added', (m) => m.producerId === fanVideo)).toMatchObject({
      kind: 'video',
    });
    // Another viewer still may not send.
    await expect(
      other.socket.request({ type: 'media_create_transport', streamId, direction: 'send' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      other.socket.request({
        type: 'media_produce',
        streamId,
        transportId: fanSend.id,
        kind: 'video',
        rtpParameters: browserVideo(3),
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });

    // A viewer receives both broadcasters, grouped by peer; the streamer receives the partner.
    const { transport: otherRecv } = await other.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'recv',
    });
    const { consumers } = await other.socket.request({
      type: 'media_consume',
      streamId,
      transportId: otherRecv.id,
      rtpCapabilities,
    });
    expect(consumers.map((c: { producerId: string }) => c.producerId).sort()).toEqual([streamerVideo, fanVideo].sort());
    expect(new Set(consumers.map((c: { producerPeerId: string }) => c.producerPeerId)).size).toBe(2);
    const { transport: streamerRecv } = await streamer.socket.request({
      type: 'media_create_transport',
      streamId,
      direction: 'recv',
    });
    const { consumers: streamerSees } = await streamer.socket.request({
      type: 'media_consume',
      streamId,
      transportId: streamerRecv.id,
      rtpCapabilities,
    });
    expect(streamerSees.map((c: { producerId: string }) => c.producerId)).toEqual([fanVideo]);

    await streamer.http.post(`/api/streams/${streamId}/duet/end`);
    const fanConsumer = consumers.find((c: { producerId: string }) => c.producerId === fanVideo).id;
    expect(await other.socket.next('media_consumer_closed', (m) => m.consumerId === fanConsumer)).toEqual({
      type: 'media_consumer_closed',
      streamId,
      consumerId: fanConsumer,
    });
    expect(await streamer.socket.next('media_consumer_closed')).toMatchObject({ consumerId: streamerSees[0].id });
    // The former partner may no longer produce; the streamer still broadcasts.
    await expect(
      fan.socket.request({
        type: 'media_produce',
        streamId,
        transportId: fanSend.id,
        kind: 'video',
        rtpParameters: browserVideo(44444444),
      }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const sfu = (await ctx.media.started())!;
    expect((await sfu.listProducers(streamId)).map((p) => p.producerId)).toEqual([streamerVideo]);
  });

  it('a partner whose last socket leaves for longer than the grace period ends the duet (system actor); coming back in time keeps it', async () => {
    ctx.duetPartnerGraceMs = 1_500;
    try {
      const { streamId, streamer, fan, other } = await liveStream();
      await request(fan, streamId);
      await accept(streamer, streamId, fan.user.userId);
      // Back within the grace period: nothing ends.
      await fan.socket.close();
      fan.socket = await h.api.socket(fan.user.cookie);
      open.push(fan.socket);
      await join(fan, streamId);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(other.socket.messages.filter((m) => m.type === 'duet_ended')).toEqual([]);
      expect(await types(streamId)).not.toContain('LiveStreamDuetEnded');

      // Gone for good (leave_stream counts as leaving too).
      ctx.duetPartnerGraceMs = 300;
      fan.socket.send({ type: 'leave_stream', streamId });
      await fan.socket.next('stream_left');
      expect(await other.socket.next('duet_ended', undefined, 5_000)).toEqual({
        type: 'duet_ended',
        streamId,
        partnerId: fan.user.userId,
        reason: 'partner_disconnected',
      });
      await streamer.socket.next('duet_ended');
      const ended = (await h.store.readStream(liveStreamStreamName(streamId))).at(-1)!;
      expect(ended).toMatchObject({
        type: 'LiveStreamDuetEnded',
        data: { partnerId: fan.user.userId, endedBy: null, reason: 'partner_disconnected' },
        metadata: { actorId: 'system' },
      });
      // Once ended, the next partner can be accepted.
      await request(other, streamId);
      expect((await accept(streamer, streamId, other.user.userId)).statusCode).toBe(200);
    } finally {
      ctx.duetPartnerGraceMs = 10_000;
    }
  });
});

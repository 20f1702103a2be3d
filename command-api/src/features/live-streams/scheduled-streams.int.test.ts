import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { appendEvent, replayDifferences } from '@myworld/projections/testing';
import { goLiveResponse, liveStreamList, liveStreamStreamName, upcomingStreamsResponse } from '@myworld/schemas';
import { type TestClient } from '@myworld/testkit';
import { startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

const HOUR = 3_600_000;
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

describe('scheduled streams: schedule, remind, upcoming, go live, cancel', () => {
  let h: Harness;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let asAlice: TestClient;
  let asBob: TestClient;

  beforeAll(async () => {
    h = await startHarness({ label: 'live_scheduled', projections: [liveStreamsProjection] });
    [alice, bob] = await Promise.all([
      h.api.signedInUser(`sched_alice_${Date.now()}`),
      h.api.signedInUser(`sched_bob_${Date.now()}`),
    ]);
    asAlice = h.client({ cookie: alice.cookie });
    asBob = h.client({ cookie: bob.cookie });
  });
  afterAll(async () => {
    await h?.stop();
  });

  const schedule = async (client: TestClient, scheduledFor: string, title = 'Later') => {
    const r = await client.post('/api/streams/start', { title, category: 'art', scheduledFor });
    expect(r.statusCode).toBe(201);
    return r.json().stream.id as string;
  };
  /** Every upcoming stream, page by page, as `client` reads them. */
  const allUpcoming = async (client: TestClient, limit: number) => {
    const seen: Array<{ id: string; reminded: boolean; reminderCount: number }> = [];
    let cursor: string | null = null;
    do {
      const r = await client.get(`/api/streams/upcoming?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(r.statusCode).toBe(200);
      const page = upcomingStreamsResponse.parse(r.json());
      expect(page.streams.length).toBeLessThanOrEqual(limit);
      seen.push(...page.streams);
      cursor = page.nextCursor;
    } while (cursor);
    return seen;
  };

  it('POST /api/streams/start with scheduledFor: 400 in the past, beyond 30 days or malformed (naming scheduledFor); 201 a scheduled stream', async () => {
    const past = await asAlice.post('/api/streams/start', { title: 'x', scheduledFor: fromNow(-60_000) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({
      error: 'validation_failed',
      field: 'scheduledFor',
      message: 'scheduledFor must be in the future',
    });
    const far = await asAlice.post('/api/streams/start', { title: 'x', scheduledFor: fromNow(31 * 24 * HOUR) });
    expect(far.json()).toEqual({
      error: 'validation_failed',
      field: 'scheduledFor',
      message: 'scheduledFor is at most 30 days ahead',
    });
    expect((await asAlice.post('/api/streams/start', { title: 'x', scheduledFor: 'tomorrow' })).json()).toMatchObject({
      field: 'scheduledFor',
    });

    const at = fromNow(2 * HOUR);
    const r = await asAlice.post('/api/streams/start', { title: 'Sunday show', scheduledFor: at });
    expect(r.statusCode).toBe(201);
    expect(r.json().stream).toMatchObject({
      isActive: false,
      isScheduled: true,
      scheduledFor: at,
      startedAt: null,
      userId: alice.userId,
      streamerUsername: alice.username,
    });
    const events = await h.store.readStream(liveStreamStreamName(r.json().stream.id));
    expect(events.map((e) => e.type)).toEqual(['LiveStreamScheduled']);
  });

  it('a scheduled stream is upcoming, not active: no joining its room, no chat', async () => {
    const id = await schedule(asAlice, fromNow(HOUR));
    expect(liveStreamList.parse((await asAlice.get('/api/streams/active/all')).json()).map((s) => s.id)).not.toContain(
      id,
    );
    expect(
      liveStreamList.parse((await asAlice.get('/api/streams/active?category=art')).json()).map((s) => s.id),
    ).not.toContain(id);
    expect((await allUpcoming(asAlice, 50)).map((s) => s.id)).toContain(id);
    expect((await asAlice.get(`/api/streams/${id}`)).json().stream).toMatchObject({
      isScheduled: true,
      isActive: false,
      viewerCount: 0,
    });
    const socket = await h.api.socket(bob.cookie);
    socket.send({ type: 'join_stream', streamId: id });
    expect(await socket.next('error', (m) => m.for === 'join_stream')).toMatchObject({
      code: 'not_yet_live',
      message: 'This stream has not started yet',
    });
    socket.send({ type: 'stream_chat', content: 'hi', streamId: id });
    expect(await socket.next('error', (m) => m.for === 'stream_chat')).toMatchObject({ code: 'not_joined' });
    await socket.close();
  });

  it('POST / DELETE /remind: 401 visitor, 403 own stream, 404 unknown, 200 idempotent, 409 once not scheduled', async () => {
    const id = await schedule(asAlice, fromNow(HOUR));
    expect((await h.client().post(`/api/streams/${id}/remind`)).statusCode).toBe(401);
    const own = await asAlice.post(`/api/streams/${id}/remind`);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ message: 'You cannot ask to be reminded of your own stream' });
    expect((await asBob.post(`/api/streams/${randomUUID()}/remind`)).statusCode).toBe(404);

    const first = await asBob.post(`/api/streams/${id}/remind`);
    expect(first.json()).toEqual({ streamId: id, reminded: true, position: expect.any(String) });
    expect((await asBob.post(`/api/streams/${id}/remind`)).json()).toEqual({
      streamId: id,
      reminded: true,
      position: null,
    });
    expect((await asBob.delete(`/api/streams/${id}/remind`)).json()).toEqual({
      streamId: id,
      reminded: false,
      position: expect.any(String),
    });
    expect((await asBob.delete(`/api/streams/${id}/remind`)).json()).toEqual({
      streamId: id,
      reminded: false,
      position: null,
    });
    const types = (await h.store.readStream(liveStreamStreamName(id))).map((e) => e.type);
    expect(types).toEqual(['LiveStreamScheduled', 'LiveStreamReminderRequested', 'LiveStreamReminderCancelled']);

    const live = await asAlice.post('/api/streams/start', { title: 'Now' });
    const notScheduled = await asBob.post(`/api/streams/${live.json().stream.id}/remind`);
    expect(notScheduled.statusCode).toBe(409);
    expect(notScheduled.json()).toMatchObject({ error: 'not_scheduled', message: 'This stream is not scheduled' });
  });

  it("GET /api/streams/upcoming: soonest first, paged by an opaque cursor, with reminder counts and the reader's own reminders", async () => {
    const carol = await h.api.signedInUser(`sched_carol_${Date.now()}`);
    const asCarol = h.client({ cookie: carol.cookie });
    // Two at the same time: the id breaks the tie.
    const sameTime = fromNow(20 * 24 * HOUR);
    const ids = [
      await schedule(asCarol, fromNow(19 * 24 * HOUR), 'first'),
      await schedule(asCarol, sameTime, 'tie a'),
      await schedule(asCarol, sameTime, 'tie b'),
    ];
    const expectedOrder = [ids[0], ...[ids[1], ids[2]].sort()];
    await asBob.post(`/api/streams/${ids[1]}/remind`);
    await asAlice.post(`/api/streams/${ids[1]}/remind`);
    await asBob.post(`/api/streams/${ids[2]}/remind`);

    for (const limit of [1, 2, 50]) {
      const streams = await allUpcoming(asBob, limit);
      expect(streams.map((s) => s.id).filter((id) => ids.includes(id))).toEqual(expectedOrder);
      expect(new Set(streams.map((s) => s.id)).size).toBe(streams.length);
    }
    const forBob = new Map((await allUpcoming(asBob, 50)).map((s) => [s.id, s]));
    expect(forBob.get(ids[0]!)).toMatchObject({
      reminded: false,
      reminderCount: 0,
      isScheduled: true,
      isActive: false,
      streamerUsername: carol.username,
    });
    expect(forBob.get(ids[1]!)).toMatchObject({ reminded: true, reminderCount: 2 });
    expect(forBob.get(ids[2]!)).toMatchObject({ reminded: true, reminderCount: 1 });
    const forVisitor = new Map((await allUpcoming(h.client(), 50)).map((s) => [s.id, s]));
    expect(forVisitor.get(ids[1]!)).toMatchObject({ reminded: false, reminderCount: 2 });

    const bad = await asBob.get('/api/streams/upcoming?cursor=not-a-cursor!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'cursor' });
    expect((await asBob.get('/api/streams/upcoming?limit=0')).json()).toMatchObject({ field: 'limit' });
  });

  it('POST /go-live: 401, 403 for others, 200 for the owner (even early); then live, listed as active, no longer upcoming; 409 again', async () => {
    const id = await schedule(asAlice, fromNow(5 * HOUR));
    await asBob.post(`/api/streams/${id}/remind`);
    expect((await h.client().post(`/api/streams/${id}/go-live`)).statusCode).toBe(401);
    expect((await asBob.post(`/api/streams/${id}/go-live`)).statusCode).toBe(403);
    expect((await asAlice.post(`/api/streams/${randomUUID()}/go-live`)).statusCode).toBe(404);

    const r = await asAlice.post(`/api/streams/${id}/go-live`);
    expect(r.statusCode).toBe(200);
    const body = goLiveResponse.parse(r.json());
    expect(body.stream).toMatchObject({
      id,
      isActive: true,
      isScheduled: false,
      startedAt: expect.any(String),
      streamerUsername: alice.username,
    });
    expect(body.position).toMatch(/^\d+\/\d+$/);
    const again = await asAlice.post(`/api/streams/${id}/go-live`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'not_scheduled' });
    expect((await asBob.post(`/api/streams/${id}/remind`)).statusCode).toBe(409);

    expect(liveStreamList.parse((await asAlice.get('/api/streams/active/all')).json()).map((s) => s.id)).toContain(id);
    expect((await allUpcoming(asAlice, 50)).map((s) => s.id)).not.toContain(id);
    expect((await asAlice.get(`/api/streams/${id}`)).json().stream).toMatchObject({
      isActive: true,
      isScheduled: false,
    });
    const socket = await h.api.socket(bob.cookie);
    socket.send({ type: 'join_stream', streamId: id });
    expect(await socket.next('stream_joined')).toMatchObject({ role: 'viewer' });
    await socket.close();
  });

  it('the owner cancels a scheduled stream with /end: no longer upcoming, 410 on go-live', async () => {
    const id = await schedule(asAlice, fromNow(3 * HOUR));
    expect((await asBob.post(`/api/streams/${id}/end`)).statusCode).toBe(403);
    const ended = await asAlice.post(`/api/streams/${id}/end`);
    expect(ended.statusCode).toBe(200);
    expect((await allUpcoming(asAlice, 50)).map((s) => s.id)).not.toContain(id);
    expect((await asAlice.get(`/api/streams/${id}`)).json().stream).toMatchObject({
      isActive: false,
      isScheduled: false,
      endedAt: expect.any(String),
    });
    expect((await asAlice.post(`/api/streams/${id}/go-live`)).statusCode).toBe(410);
    expect((await asBob.post(`/api/streams/${id}/remind`)).statusCode).toBe(409);
  });

  it('GET /api/streams/:id shows the gifts total (paid less refunded) and the duet partner', async () => {
    const live = await asAlice.post('/api/streams/start', { title: 'Gifts and duets' });
    const id = live.json().stream.id as string;
    const gift = (type: 'GiftPaid' | 'GiftRefunded', cents: number) => {
      const giftId = randomUUID();
      return type === 'GiftPaid'
        ? appendEvent(h.store, `gift-${giftId}`, 'GiftPaid', {
            giftId,
            streamId: id,
            streamerId: alice.userId,
            senderId: bob.userId,
            giftType: 'rose',
            quantity: 1,
            amountCents: cents,
            paymentIntentId: `pi_${giftId}`,
            paidAt: new Date().toISOString(),
          })
        : appendEvent(h.store, `gift-${giftId}`, 'GiftRefunded', {
            giftId,
            streamId: id,
            streamerId: alice.userId,
            refundedCents: cents,
            refundedAt: new Date().toISOString(),
          });
    };
    await gift('GiftPaid', 1_000);
    await gift('GiftPaid', 499);
    await gift('GiftRefunded', 300);

    const socket = await h.api.socket(bob.cookie);
    socket.send({ type: 'join_stream', streamId: id });
    await socket.next('stream_joined');
    await asBob.post(`/api/streams/${id}/duet/request`, { message: 'duet?' });
    const accepted = await asAlice.post(`/api/streams/${id}/duet/accept`, { userId: bob.userId });
    expect(accepted.json()).toMatchObject({ duetPartnerId: bob.userId });
    // The accept was appended after the gifts: reading at its position sees them all.
    const stream = (await h.client().get(`/api/streams/${id}`, { 'x-min-position': accepted.json().position })).json()
      .stream;
    expect(stream).toMatchObject({ totalGiftsReceived: 1_199, duetPartnerId: bob.userId });
    await socket.close();
  });

  it('a replay from 0 rebuilds live_streams equal to the live one (scheduled, reminders, duets, gift totals)', async () => {
    const { differences, rows } = await replayDifferences(h, liveStreamsProjection, [
      'live_streams',
      'live_stream_reminders',
      'live_stream_users',
      'live_stream_chat_messages',
    ]);
    expect(rows.live_streams).toBeGreaterThan(8);
    expect(rows.live_stream_reminders).toBeGreaterThan(2);
    expect(differences).toEqual({
      live_streams: 0,
      live_stream_reminders: 0,
      live_stream_users: 0,
      live_stream_chat_messages: 0,
    });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationsProjection } from '@myworld/projections';
import type { DirectMessage } from '@myworld/schemas';
import { type TestSocket } from '@myworld/testkit';
import { startHarness, type ApiInstance, type Harness, type SignedInUser } from '../../testing/index.ts';

describe('direct messages in real time: new_message and conversation_read on /ws, across two API instances', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    // Two API instances sharing PostgreSQL and Redis, as behind a load balancer.
    h = await startHarness({ label: 'messages_realtime', instances: 2, projections: [conversationsProjection] });
    [a, b] = h.apis as [ApiInstance, ApiInstance];
  });
  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await h?.stop();
  });

  const user = (label: string) => a.signedInUser(`${label}_${randomUUID().slice(0, 8)}`);
  /** A signed-in socket on `api`, in its user's room once the ping is answered (the room is joined before any message is handled). */
  const socketOf = async (api: ApiInstance, who: SignedInUser) => {
    const socket = await api.socket(who.cookie);
    sockets.push(socket);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    return socket;
  };
  const send = async (
    api: ApiInstance,
    from: SignedInUser,
    to: SignedInUser,
    content: string,
    headers: Record<string, string> = {},
  ) => {
    const r = await api
      .client({ cookie: from.cookie })
      .post('/api/messages', { receiverId: to.userId, content }, headers);
    expect(r.statusCode, r.body).toBe(201);
    return (r.json() as { message: DirectMessage }).message;
  };
  const newMessage = (socket: TestSocket, id: string) => socket.next('new_message', (m) => m.message.id === id, 5_000);

  it("sent through instance A: the receiver's socket on B and the sender's sockets on A and B get new_message, each with its own totalUnread; nobody else does", async () => {
    const [ada, bob, eve] = await Promise.all([user('ada'), user('bob'), user('eve')]);
    const [bobOnB, adaOnA, adaOnB, eveOnA, eveOnB] = await Promise.all([
      socketOf(b, bob),
      socketOf(a, ada),
      socketOf(b, ada),
      socketOf(a, eve),
      socketOf(b, eve),
    ]);
    // Bob already has an unread message from Eve: his total counts every conversation.
    const earlier = await send(b, eve, bob, 'earlier, from eve');
    expect(await newMessage(bobOnB, earlier.id)).toMatchObject({ totalUnread: 1 });

    const message = await send(a, ada, bob, 'Hello across instances');
    expect(await newMessage(bobOnB, message.id)).toEqual({ type: 'new_message', message, totalUnread: 2 });
    expect(await newMessage(adaOnA, message.id)).toEqual({ type: 'new_message', message, totalUnread: 0 });
    expect(await newMessage(adaOnB, message.id)).toEqual({ type: 'new_message', message, totalUnread: 0 });
    // A later message reaches Eve's sockets, so by then Ada's would have too.
    const marker = await send(a, bob, eve, 'marker');
    await Promise.all([newMessage(eveOnA, marker.id), newMessage(eveOnB, marker.id)]);
    expect(
      [...eveOnA.messages, ...eveOnB.messages].filter((m) => m.type === 'new_message' && m.message.id === message.id),
    ).toEqual([]);
  });

  it('arrives on the same instance and on the other one well within a generous bound (the bench measures speed)', async () => {
    const [cat, dan] = await Promise.all([user('cat'), user('dan')]);
    const [danOnA, danOnB] = await Promise.all([socketOf(a, dan), socketOf(b, dan)]);
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const message = await send(a, cat, dan, `ping ${i}`);
      await Promise.all([newMessage(danOnA, message.id), newMessage(danOnB, message.id)]);
      latencies.push(performance.now() - started);
    }
    console.info(`POST -> new_message on both instances: ${latencies.map((l) => l.toFixed(1)).join(', ')} ms`);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });

  it('an Idempotency-Key retry answers the same message and pushes nothing again', async () => {
    const [fay, gus] = await Promise.all([user('fay'), user('gus')]);
    const gusOnB = await socketOf(b, gus);
    const key = `dm-${randomUUID()}`;
    const first = await send(a, fay, gus, 'once', { 'idempotency-key': key });
    expect(await send(b, fay, gus, 'once', { 'idempotency-key': key })).toEqual(first);
    const marker = await send(a, fay, gus, 'marker');
    await newMessage(gusOnB, marker.id);
    expect(
      gusOnB.messages
        .filter((m) => m.type === 'new_message')
        .map((m) => (m.type === 'new_message' ? [m.message.content, m.totalUnread] : null)),
    ).toEqual([
      ['once', 1],
      ['marker', 2],
    ]);
  });

  it("reading on instance B: conversation_read reaches the reader's sockets on both instances with the new total", async () => {
    const [hal, ivy, jon] = await Promise.all([user('hal'), user('ivy'), user('jon')]);
    const [ivyOnA, ivyOnB] = await Promise.all([socketOf(a, ivy), socketOf(b, ivy)]);
    const halOnA = await socketOf(a, hal);
    await send(a, hal, ivy, 'one');
    await send(a, hal, ivy, 'two');
    const last = await send(b, jon, ivy, 'from jon');
    await newMessage(ivyOnA, last.id);

    const read = await b.client({ cookie: ivy.cookie }).put(`/api/messages/${hal.userId}/read`);
    expect(read.json()).toMatchObject({ unreadCount: 0, totalUnread: 1 });
    for (const socket of [ivyOnA, ivyOnB])
      expect(await socket.next('conversation_read', undefined, 5_000)).toEqual({
        type: 'conversation_read',
        otherUserId: hal.userId,
        totalUnread: 1,
      });
    // The other participant is not told.
    expect(halOnA.messages.some((m) => m.type === 'conversation_read')).toBe(false);
  });
});

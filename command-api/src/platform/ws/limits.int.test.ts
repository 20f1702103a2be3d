import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveStreamsProjection } from '@myworld/projections';
import { TEST_PUBLIC_URL, startHarness, type ApiInstance, type Harness } from '../../testing/index.ts';

/** A raw /ws socket that records its messages and how it closed (the test socket hides closes). */
async function rawSocket(api: ApiInstance, headers: Record<string, string> = {}) {
  const socket = new WebSocket(`${api.baseUrl.replace(/^http/, 'ws')}/ws`, {
    headers: { origin: TEST_PUBLIC_URL, ...headers },
  });
  const messages: Array<{ type: string; code?: string }> = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  const closed = new Promise<{ code: number }>((resolve) => socket.once('close', (code) => resolve({ code })));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const send = (message: unknown) => socket.send(JSON.stringify(message));
  /** Resolves once the server answered a ping (so it has registered the socket and handled what came before). */
  const settled = async () => {
    const before = messages.filter((m) => m.type === 'pong').length;
    send({ type: 'ping' });
    await expect.poll(() => messages.filter((m) => m.type === 'pong').length).toBeGreaterThan(before);
  };
  return { socket, messages, closed, send, settled, close: () => socket.close() };
}

describe('/ws abuse limits and revoked sessions (two API instances)', () => {
  let h: Harness;
  let a: ApiInstance;
  let b: ApiInstance;

  beforeAll(async () => {
    h = await startHarness({
      label: 'ws_limits',
      instances: 2,
      projections: [liveStreamsProjection],
      env: { WS_MAX_MESSAGES_PER_SECOND: '20', WS_MAX_SOCKETS_PER_USER: '3', WS_MAX_SOCKETS_PER_ADDRESS: '4' },
    });
    [a, b] = h.apis as [ApiInstance, ApiInstance];
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('answers messages past WS_MAX_MESSAGES_PER_SECOND with error rate_limited and keeps the socket open', async () => {
    const socket = await rawSocket(a, { 'x-forwarded-for': '198.51.100.1' });
    await socket.settled();
    for (let i = 0; i < 200; i++) socket.send({ type: 'ping' });
    await expect
      .poll(
        () =>
          socket.messages.filter((m) => m.type === 'pong').length +
          socket.messages.filter((m) => m.code === 'rate_limited').length,
      )
      .toBe(201);
    const limited = socket.messages.filter((m) => m.code === 'rate_limited');
    // A burst of at most 20 (plus what refilled meanwhile) passes; the rest is refused.
    expect(limited.length).toBeGreaterThan(150);
    expect(limited[0]).toMatchObject({
      type: 'error',
      code: 'rate_limited',
      message: 'Too many requests. Please wait a moment and try again.',
      for: 'ping',
    });
    // The socket stays open and answers again once the bucket refilled.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(socket.socket.readyState).toBe(WebSocket.OPEN);
    await socket.settled();
    socket.close();
  });

  it('bounds the sockets of one user across instances (WS_MAX_SOCKETS_PER_USER) and of one visitor address (WS_MAX_SOCKETS_PER_ADDRESS)', async () => {
    const user = await a.signedInUser(`ws_many_${Date.now()}`);
    const open = [
      await rawSocket(a, { cookie: user.cookie }),
      await rawSocket(b, { cookie: user.cookie }),
      await rawSocket(a, { cookie: user.cookie }),
    ];
    for (const s of open) await s.settled();
    const fourth = await rawSocket(b, { cookie: user.cookie });
    expect((await fourth.closed).code).toBe(1008);
    expect(fourth.messages).toEqual([
      {
        type: 'error',
        code: 'too_many_sockets',
        message: 'Too many open connections. Please close other tabs and try again.',
      },
    ]);
    // Closing one frees its place.
    open[0]!.close();
    await open[0]!.closed;
    await expect
      .poll(async () => {
        const s = await rawSocket(b, { cookie: user.cookie });
        const ok = await Promise.race([s.settled().then(() => true), s.closed.then(() => false)]);
        if (ok) open.push(s);
        return ok;
      })
      .toBe(true);

    const address = { 'x-forwarded-for': '203.0.113.9' };
    const visitors = [
      await rawSocket(a, address),
      await rawSocket(b, address),
      await rawSocket(a, address),
      await rawSocket(b, address),
    ];
    for (const s of visitors) await s.settled();
    const fifth = await rawSocket(a, address);
    expect((await fifth.closed).code).toBe(1008);
    // Another address is not affected.
    const other = await rawSocket(a, { 'x-forwarded-for': '203.0.113.10' });
    await other.settled();
    for (const s of [...open, ...visitors, other]) s.close();
  });

  it('closes the sockets of a session on every instance when it signs out on instance A, and leaves other sessions open', async () => {
    const user = await a.signedInUser(`ws_revoked_${Date.now()}`);
    const otherSession = await a.signedInUser(`ws_kept_${Date.now()}`);
    const onB = await rawSocket(b, { cookie: user.cookie });
    const onA = await rawSocket(a, { cookie: user.cookie });
    const kept = await rawSocket(b, { cookie: otherSession.cookie });
    for (const s of [onA, onB, kept]) await s.settled();

    const out = await a.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: user.cookie, origin: TEST_PUBLIC_URL },
    });
    expect(out.statusCode).toBe(200);
    expect((await onB.closed).code).toBe(4401);
    expect((await onA.closed).code).toBe(4401);
    expect(onB.messages.at(-1)).toMatchObject({ type: 'error', code: 'session_revoked' });
    await kept.settled();
    expect(kept.socket.readyState).toBe(WebSocket.OPEN);
    kept.close();
  });

  it("closes every socket of a user on every instance when all the user's sessions are revoked (password reset)", async () => {
    const user = await a.signedInUser(`ws_reset_${Date.now()}`);
    const onB = await rawSocket(b, { cookie: user.cookie });
    await onB.settled();
    const sessions = (
      a.app.featureContexts.get('accounts') as
        { sessions: { store: { destroyAllForUser(id: string): Promise<number> } } } | undefined
    )?.sessions;
    expect(sessions).toBeDefined();
    await sessions!.store.destroyAllForUser(user.userId);
    expect((await onB.closed).code).toBe(4401);
  });
});

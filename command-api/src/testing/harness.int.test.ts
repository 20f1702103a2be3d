import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition } from '@myworld/schemas';
import { newRegistration } from '@myworld/testkit';
import { startHarness, type Harness } from './index.ts';

describe('the test harness: the product with real services', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'testkit', workers: true, instances: 2 });
  });
  afterAll(async () => {
    const pid = h?.workers.pid;
    await h?.stop();
    // The workers process is gone with the harness.
    if (pid) expect(() => process.kill(pid, 0)).toThrow();
  });

  it('runs the workers as a real process: a registration is mailed over SMTP and its job leaves their queue once sent', async () => {
    expect(h.workers.pid).not.toBe(process.pid);
    const body = newRegistration('kit');
    expect((await h.client().post('/api/auth/register', body)).statusCode).toBe(201);
    const mail = await h.mail.waitFor((m) => m.to.includes(body.email));
    expect(mail.subject).toBe('Verify your email for MyWorld');
    expect(mail.links[0]).toMatch(/^http:\/\/myworld\.test\/api\/auth\/verify-email\?token=/);
    // Email jobs hold addresses: removed once sent, not kept as completed.
    await expect
      .poll(async () => h.emailQueue().getJobCounts('completed', 'waiting', 'active', 'delayed'), { timeout: 10_000 })
      .toEqual({ completed: 0, waiting: 0, active: 0, delayed: 0 });
  });

  it('the test client keeps its cookies and reads its own writes with X-Min-Position, as the web client does', async () => {
    const client = h.client();
    expect(client.lastPosition).toBeNull();
    const body = newRegistration('ryw');
    const registered = await client.post('/api/auth/register', body);
    expect(client.cookies.has('myworld_sid')).toBe(true);
    expect(client.lastPosition).not.toBeNull();
    const me = await client.get('/api/auth/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: body.username });
    expect(registered.headers['x-position']).toBeDefined();
  });

  it('two API instances share the database and Redis: a session made on one is known to the other', async () => {
    const [a, b] = h.apis;
    const body = newRegistration('shared');
    const onA = a!.client();
    expect((await onA.post('/api/auth/register', body)).statusCode).toBe(201);
    const onB = b!.client({ cookie: `myworld_sid=${onA.cookies.get('myworld_sid')}` });
    const me = await onB.get('/api/auth/user', { 'x-min-position': formatPosition(onA.lastPosition!) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: body.email });
  });

  it('opens /ws sockets on an instance, signed in or not', async () => {
    const user = await h.api.signedInUser();
    const socket = await h.api.socket(user.cookie);
    socket.send({ type: 'authenticate', userId: user.userId });
    expect(await socket.next('authenticated')).toEqual({ type: 'authenticated', userId: user.userId });
    socket.send({ type: 'ping' });
    expect(await socket.next('pong')).toEqual({ type: 'pong' });
    await socket.close();
  });
});

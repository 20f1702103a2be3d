import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { expect as expectState } from '@myworld/eventstore';
import { testMetadata } from '@myworld/eventstore/testing';
import { hashPassword } from './passwords.ts';
import { newRegistration } from '@myworld/testkit';
import { TEST_PUBLIC_URL as PUBLIC_URL, startHarness, type Harness } from '../../testing/index.ts';

describe('POST /api/auth/login, POST /api/auth/logout, PATCH /api/users/privacy, same-origin check', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_sign_in' });
  });
  afterAll(async () => {
    await h?.stop();
  });

  async function registered(label: string) {
    const body = newRegistration(label);
    const res = await h.client().post('/api/auth/register', body);
    expect(res.statusCode).toBe(201);
    return body;
  }

  it('signs in with the right password: message, session cookie, the user readable at once', async () => {
    const user = await registered('login');
    const client = h.client();
    const res = await client.post('/api/auth/login', {
      email: `  ${user.email.toUpperCase()} `,
      password: user.password,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: `Signed in as ${user.username}`, position: expect.any(String) });
    expect(client.cookies.has('myworld_sid')).toBe(true);
    expect((await client.get('/api/auth/user')).json()).toMatchObject({ username: user.username });
  });

  it('a wrong password or an unknown email is 401 with the same message', async () => {
    const user = await registered('wrong');
    const wrong = await h
      .client({ ip: '10.0.0.1' })
      .post('/api/auth/login', { email: user.email, password: 'Wrong1234' });
    const unknown = await h
      .client({ ip: '10.0.0.1' })
      .post('/api/auth/login', { email: 'nobody@example.test', password: 'Wrong1234' });
    for (const r of [wrong, unknown]) {
      expect(r.statusCode).toBe(401);
      expect(r.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid email or password.' });
    }
  });

  it.each([
    ['email', { email: '   ', password: 'x' }],
    ['password', { email: 'a@b.co', password: '  ' }],
    ['email', { password: 'x' }],
  ])('400 naming %s when a field is missing', async (field, body) => {
    const res = await h.client().post('/api/auth/login', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'validation_failed', field, message: 'Please enter both email and password.' });
  });

  it('after 5 failures from one address, that address waits for that account (429 with Retry-After), even with the right password', async () => {
    const user = await registered('limit');
    const client = h.client({ ip: '10.0.1.1' });
    for (let i = 0; i < 5; i++)
      expect((await client.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })).statusCode).toBe(401);
    const locked = await client.post('/api/auth/login', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: 'too_many_attempts',
      message: 'Too many failed sign-in attempts for this account. Please wait a few minutes and try again.',
    });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(locked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('a stranger failing 10 times from address A does not lock the owner, signing in from address B, out', async () => {
    const user = await registered('stranger');
    const stranger = h.client({ ip: '10.0.5.1' });
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push((await stranger.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429, 429, 429, 429]);
    expect(
      (await h.client({ ip: '10.0.5.2' }).post('/api/auth/login', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });

  it('30 parallel wrong-password sign-ins for one account from one address run at most 5 password checks', async () => {
    const user = await registered('parallel');
    const client = h.client({ ip: '10.0.6.1' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => client.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })),
    );
    const codes = responses.map((r) => r.statusCode);
    // A 401 is a password that was checked; a 429 was refused before any check.
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 401).length + codes.filter((c) => c === 429).length).toBe(30);
  });

  it('a password hashed with older scrypt parameters is rehashed at the configured cost on the next sign-in (PasswordRehashed)', async () => {
    const cost = h.config.PASSWORD_HASH_COST;
    const user = await registered('rehash');
    const client = h.client({ ip: '10.0.7.1' });
    await client.post('/api/auth/login', { email: user.email, password: user.password });
    const { id: userId } = (await client.get('/api/auth/user')).json() as { id: string };
    // The account as an older release left it: a hash at a lower cost.
    await h.store.append(`user-${userId}`, expectState.any, [
      {
        id: randomUUID(),
        type: 'PasswordReset',
        data: { userId, passwordHash: await hashPassword(user.password, cost - 2), resetAt: new Date().toISOString() },
        metadata: testMetadata(),
      },
    ]);
    expect((await client.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    const events = await h.store.readStream(`user-${userId}`);
    const rehashed = events.filter((e) => e.type === 'PasswordRehashed');
    expect(rehashed).toHaveLength(1);
    expect((rehashed[0]!.data as { passwordHash: string }).passwordHash).toMatch(
      new RegExp(`^scrypt\\$${cost}\\$8\\$1\\$`),
    );
    // The new hash works, and a current hash is not rehashed again.
    expect((await client.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect((await h.store.readStream(`user-${userId}`)).filter((e) => e.type === 'PasswordRehashed')).toHaveLength(1);
    expect((await client.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })).statusCode).toBe(401);
  });

  it('a user a moderator removed (suspended) is refused sign-in with 403 and a clear message; a wrong password stays the same 401', async () => {
    const user = await registered('suspended');
    const client = h.client({ ip: '10.0.8.1' });
    await client.post('/api/auth/login', { email: user.email, password: user.password });
    const { id: userId } = (await client.get('/api/auth/user')).json() as { id: string };
    await h.store.append(`user-${userId}`, expectState.any, [
      {
        id: randomUUID(),
        type: 'ContentRemoved',
        data: {
          contentType: 'user',
          contentId: userId,
          authorId: userId,
          moderatorId: randomUUID(),
          reportIds: [],
          note: 'Spam',
          removedAt: new Date().toISOString(),
        },
        metadata: testMetadata(),
      },
    ]);
    const refused = await h
      .client({ ip: '10.0.8.2' })
      .post('/api/auth/login', { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'account_suspended',
      message: 'Your account has been suspended for violating our community guidelines.',
    });
    const wrong = await h
      .client({ ip: '10.0.8.3' })
      .post('/api/auth/login', { email: user.email, password: 'Wrong1234' });
    expect(wrong.statusCode).toBe(401);
    expect((await h.store.readStream(`user-${userId}`)).filter((e) => e.type === 'UserSignedIn')).toHaveLength(1);
  });

  it('Redis holds only a hash of the session cookie, never its value', async () => {
    const user = await registered('hashedsid');
    const client = h.client({ ip: '10.0.8.1' });
    await client.post('/api/auth/login', { email: user.email, password: user.password });
    const sid = client.cookies.get('myworld_sid')!;
    const prefix = h.redis.options.keyPrefix ?? '';
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await h.redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    expect(keys.some((k) => k.includes('session'))).toBe(true);
    expect(keys.filter((k) => k.includes(sid))).toEqual([]);
    for (const key of keys.filter((k) => k.includes('session:user:')))
      expect(await h.redis.smembers(key.slice(prefix.length))).not.toContain(sid);
    expect((await client.get('/api/auth/user')).statusCode).toBe(200);
  });

  it('a success clears the account counter', async () => {
    const user = await registered('clear');
    const client = h.client({ ip: '10.0.2.1' });
    for (let i = 0; i < 4; i++) await client.post('/api/auth/login', { email: user.email, password: 'Wrong1234' });
    expect((await client.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await client.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })).statusCode).toBe(401);
  });

  it('after 20 failures from one address, that address is refused for every account', async () => {
    const client = h.client({ ip: '10.0.3.1' });
    for (let i = 0; i < 20; i++)
      expect(
        (await client.post('/api/auth/login', { email: `guess${i}@example.test`, password: 'Wrong1234' })).statusCode,
      ).toBe(401);
    const user = await registered('address');
    const refused = await client.post('/api/auth/login', { email: user.email, password: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Too many failed sign-in attempts from your network. Please wait 15 minutes and try again.',
    );
    expect(
      (await h.client({ ip: '10.0.3.2' }).post('/api/auth/login', { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(200);
  });

  it('logout ends the session, records UserSignedOut and works for visitors too', async () => {
    const user = await registered('logout');
    const client = h.client();
    await client.post('/api/auth/login', { email: user.email, password: user.password });
    const me = (await client.get('/api/auth/user')).json();
    const sid = client.cookies.get('myworld_sid')!;
    const res = await client.post('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Logged out successfully' });
    expect(client.cookies.has('myworld_sid')).toBe(false);
    // The old cookie no longer opens anything, even if someone kept it.
    expect((await h.client().get('/api/auth/user', { cookie: `myworld_sid=${sid}` })).statusCode).toBe(401);
    expect((await h.store.readStream(`user-${me.id}`)).map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'UserSignedIn',
      'UserSignedOut',
    ]);
    expect((await h.client().post('/api/auth/logout')).statusCode).toBe(200);
  });

  describe('PATCH /api/users/privacy', () => {
    it('401 when signed out', async () => {
      expect((await h.client().patch('/api/users/privacy', { hideActivity: true })).statusCode).toBe(401);
    });

    it('changes either switch; the user object shows it straight away', async () => {
      const user = await registered('privacy');
      const client = h.client();
      await client.post('/api/auth/login', { email: user.email, password: user.password });
      const res = await client.patch('/api/users/privacy', { hideEngagement: true });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Privacy settings updated',
        hideEngagement: true,
        hideActivity: false,
        position: expect.any(String),
      });
      expect((await client.get('/api/auth/user')).json()).toMatchObject({ hideEngagement: true, hideActivity: false });
      await client.patch('/api/users/privacy', { hideActivity: true, hideEngagement: false });
      expect((await client.get('/api/auth/user')).json()).toMatchObject({ hideEngagement: false, hideActivity: true });
      // Nothing changes: nothing is recorded, and no position.
      const same = await client.patch('/api/users/privacy', { hideActivity: true });
      expect(same.json()).toMatchObject({ hideActivity: true, position: null });
    });

    it('a reused Idempotency-Key with another body is 422 and changes nothing; the same body replays the stored answer', async () => {
      const user = await registered('privkey');
      const client = h.client();
      await client.post('/api/auth/login', { email: user.email, password: user.password });
      const headers = { 'idempotency-key': `privacy-${user.username}` };
      const first = await client.patch('/api/users/privacy', { hideActivity: true }, headers);
      expect(first.statusCode).toBe(200);
      const reused = await client.patch('/api/users/privacy', { hideEngagement: true }, headers);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({
        error: 'idempotency_key_reused',
        message: 'This Idempotency-Key was already used with a different request.',
      });
      expect((await client.get('/api/auth/user')).json()).toMatchObject({ hideEngagement: false, hideActivity: true });
      const retry = await client.patch('/api/users/privacy', { hideActivity: true }, headers);
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toMatchObject({
        hideActivity: true,
        hideEngagement: false,
        position: first.json().position,
      });
    });

    it('400 for a body with no switch or a switch that is not a boolean', async () => {
      const user = await registered('privbad');
      const client = h.client();
      await client.post('/api/auth/login', { email: user.email, password: user.password });
      const empty = await client.patch('/api/users/privacy', {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({
        error: 'validation_failed',
        message: 'Choose at least one privacy setting to change.',
      });
      const wrongType = await client.patch('/api/users/privacy', { hideActivity: 'yes' });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json()).toMatchObject({ error: 'validation_failed', field: 'hideActivity' });
    });
  });

  describe('state-changing calls from another origin', () => {
    it('are refused with 403 JSON (Origin or Referer)', async () => {
      const user = await registered('csrf');
      const client = h.client();
      await client.post('/api/auth/login', { email: user.email, password: user.password });
      const foreign: Record<string, string>[] = [
        { origin: 'https://evil.example' },
        { referer: 'https://evil.example/page' },
        { origin: 'null' },
      ];
      for (const headers of foreign) {
        const res = await client.patch('/api/users/privacy', { hideActivity: true }, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({
          error: 'cross_origin_refused',
          message: 'This request came from another site and was refused.',
        });
      }
      expect((await client.post('/api/auth/logout', undefined, { origin: 'https://evil.example' })).statusCode).toBe(
        403,
      );
      expect((await client.get('/api/auth/user')).statusCode).toBe(200); // still signed in
    });

    it('are allowed from the public address, the Host the call was sent to, or programs that send neither', async () => {
      const user = await registered('sameorigin');
      const client = h.client();
      expect(
        (await client.post('/api/auth/login', { email: user.email, password: user.password }, { origin: PUBLIC_URL }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await client.patch(
            '/api/users/privacy',
            { hideActivity: true },
            { origin: 'http://localhost:5173', host: 'localhost:5173' },
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (await client.patch('/api/users/privacy', { hideActivity: false }, { referer: `${PUBLIC_URL}/profile` }))
          .statusCode,
      ).toBe(200);
      // Reads are not state-changing.
      expect((await client.get('/api/auth/user', { origin: 'https://evil.example' })).statusCode).toBe(200);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_STREAMS, AUTH_MESSAGES } from '@myworld/schemas';
import { newRegistration } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { DEVICE_COOKIE } from './known-devices.ts';

/**
 * Issue 23, point 8: a botnet guessing one account's password from many addresses. Past the
 * account's budget (RATE_LIMIT_LOGIN_ACCOUNT, 20 failures an hour by default) devices that never
 * signed in to it get 429 without a password check; the owner's known device still signs in, and
 * the owner is mailed once.
 */
describe('POST /api/auth/login: the account-wide budget of failed sign-ins from all addresses', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'accounts_distributed_guessing', workers: true });
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('25 guesses from 25 addresses: 20 are checked (401), the rest get 429 with Retry-After even with the right password; the owner on a known device signs in and is mailed once', async () => {
    const user = newRegistration('guessed');
    expect((await h.client({ ip: '10.40.0.1' }).post('/api/auth/register', user)).statusCode).toBe(201);
    // The owner's laptop signed in before: it holds the device cookie.
    const laptop = h.client({ ip: '10.40.0.2' });
    expect((await laptop.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(200);
    expect(laptop.cookies.get(DEVICE_COOKIE)).toBeTruthy();
    const userId = (await laptop.get('/api/auth/user')).json().id as string;
    expect((await laptop.post('/api/auth/logout', {})).statusCode).toBe(200);

    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await h
        .client({ ip: `10.41.${i}.1` })
        .post('/api/auth/login', { email: user.email, password: `Wrong${i}xyz` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
        expect(res.json()).toEqual({
          error: 'too_many_attempts',
          message: AUTH_MESSAGES.tooManyLoginAttemptsForNewDevices,
        });
      }
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.slice(20)).toEqual(Array(5).fill(429));

    // A new device is refused even with the right password (no password check runs past the budget).
    const stranger = await h
      .client({ ip: '10.42.0.1' })
      .post('/api/auth/login', { email: user.email, password: user.password });
    expect(stranger.statusCode).toBe(429);
    expect(Number(stranger.headers['retry-after'])).toBeGreaterThan(0);
    // A forged or copied-over device cookie does not help.
    const forger = h.client({ ip: '10.42.0.2' });
    const genuine = laptop.cookies.get(DEVICE_COOKIE)!;
    forger.cookies.set(DEVICE_COOKIE, genuine.replace(/~.*/, '~AAAA'));
    expect((await forger.post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(429);

    // The owner's known device still signs in, from yet another address.
    const home = h.client({ ip: '10.43.0.1' });
    home.cookies.set(DEVICE_COOKIE, genuine);
    const owner = await home.post('/api/auth/login', { email: user.email, password: user.password });
    expect(owner.statusCode).toBe(200);
    expect((await home.get('/api/auth/user')).json()).toMatchObject({ username: user.username });

    // The owner is told by email, from the workers (an event, not the request).
    const mail = await h.mail.waitFor((m) => m.to.includes(user.email) && /Failed sign-in attempts/.test(m.subject));
    expect(mail.text).toContain('20 times');
    expect(mail.text).toContain('devices you have signed in on before');
    // Once per lock period: further refusals and failures record no second lock.
    expect(
      (await h.client({ ip: '10.44.0.1' }).post('/api/auth/login', { email: user.email, password: 'Wrong1234' }))
        .statusCode,
    ).toBe(429);
    expect((await home.post('/api/auth/login', { email: user.email, password: 'Wrong1234' })).statusCode).toBe(401);
    const locks = await h.store.readStream(ACCOUNTS_STREAMS.signInLocks(userId));
    expect(locks.map((e) => e.type)).toEqual(['SignInLockedForNewDevices']);
    // 20 password checks (scrypt) on a shared machine: more than the default minute.
  }, 180_000);
});

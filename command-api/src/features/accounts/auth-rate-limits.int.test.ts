import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailToken } from '@myworld/schemas/server';
import { newRegistration } from '@myworld/testkit';
import { startHarness, type Harness } from '../../testing/index.ts';
import { hashPassword } from './passwords.ts';

/** The per-address limits of the auth routes (@fastify/rate-limit on Redis), set low here by their variables. */
describe('per-address limits on register, forgot-password, reset-password and resend-verification', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      label: 'accounts_rate_limits',
      env: {
        RATE_LIMIT_REGISTER: '3/300',
        RATE_LIMIT_FORGOT_PASSWORD: '3/900',
        RATE_LIMIT_RESET_PASSWORD: '3/900',
        RATE_LIMIT_RESEND_VERIFICATION: '2/3600',
      },
    });
  });
  afterAll(async () => {
    await h?.stop();
  });

  function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'rate_limited',
      message: expect.stringMatching(
        /^Too many requests\. Please wait a moment and try again\. Retry after \d+ seconds\.$/,
      ),
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('register: past RATE_LIMIT_REGISTER from one address, 429 JSON with Retry-After; another address goes on', async () => {
    const client = h.client({ ip: '10.20.0.1' });
    // Refused bodies count too: the limit is on requests, checked before validation and any hashing.
    expect((await client.post('/api/auth/register', { ...newRegistration('rl'), password: 'short' })).statusCode).toBe(
      400,
    );
    for (let i = 0; i < 2; i++)
      expect((await client.post('/api/auth/register', newRegistration('rl'))).statusCode).toBe(201);
    expectLimited(await client.post('/api/auth/register', newRegistration('rl')));
    expect((await h.client({ ip: '10.20.0.2' }).post('/api/auth/register', newRegistration('rl'))).statusCode).toBe(
      201,
    );
  });

  it('forgot-password: past RATE_LIMIT_FORGOT_PASSWORD from one address, 429', async () => {
    const client = h.client({ ip: '10.21.0.1' });
    for (let i = 0; i < 3; i++)
      expect((await client.post('/api/auth/forgot-password', { email: `nobody${i}@example.test` })).statusCode).toBe(
        200,
      );
    expectLimited(await client.post('/api/auth/forgot-password', { email: 'nobody@example.test' }));
  });

  it('reset-password: past RATE_LIMIT_RESET_PASSWORD from one address, 429', async () => {
    const client = h.client({ ip: '10.22.0.1' });
    for (let i = 0; i < 3; i++)
      expect(
        (await client.post('/api/auth/reset-password', { token: 'not-a-token', password: 'NewSecret123' })).statusCode,
      ).toBe(400);
    expectLimited(await client.post('/api/auth/reset-password', { token: 'not-a-token', password: 'NewSecret123' }));
  });

  it('resend-verification: past RATE_LIMIT_RESEND_VERIFICATION from one address, 429', async () => {
    const client = h.client({ ip: '10.23.0.1' });
    expect((await client.post('/api/auth/register', newRegistration('resend'))).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await client.post('/api/auth/resend-verification')).statusCode).toBe(200);
    expectLimited(await client.post('/api/auth/resend-verification'));
  });

  it('reset-password hashes nothing for a token the account does not hold', async () => {
    const user = newRegistration('nohash');
    const client = h.client({ ip: '10.24.0.1' });
    expect((await client.post('/api/auth/register', user)).statusCode).toBe(201);
    const { id: userId } = (await client.get('/api/auth/user')).json() as { id: string };
    const started = performance.now();
    await hashPassword('NewSecret123');
    const oneHash = performance.now() - started;
    // A well-formed token of a real account that was never issued: refused before any hashing.
    const forged = emailToken(h.config.TOKEN_SECRET, userId, 'never-issued');
    const t0 = performance.now();
    for (let i = 0; i < 3; i++) {
      const res = await h
        .client({ ip: `10.24.1.${i}` })
        .post('/api/auth/reset-password', { token: forged, password: 'NewSecret123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_reset_token', field: 'token' });
    }
    expect(performance.now() - t0).toBeLessThan(oneHash * 1.5);
  });
});

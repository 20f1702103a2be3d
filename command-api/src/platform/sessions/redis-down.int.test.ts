import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../../testing/index.ts';

/**
 * Redis unreachable: session-bound requests get 503 JSON quickly; the rest keeps serving. The API
 * starts with Redis up, then loses it (its connection is cut and never comes back), as in production.
 */
describe('with Redis down', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ label: 'redis_down', projections: [] });
    h.redis.disconnect();
  });
  afterAll(async () => {
    await h?.stop();
  });

  const cookie = { cookie: `myworld_sid=${'a'.repeat(43)}` };

  it('GET /api/auth/user with a session cookie answers 503 JSON, not 500 and not a hang', async () => {
    const started = Date.now();
    const res = await h.client().get('/api/auth/user', cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: 'service_unavailable',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a sign-in that needs Redis answers 503 JSON', async () => {
    const res = await h.client().post('/api/auth/login', { email: 'someone@example.test', password: 'Secret123' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'service_unavailable' });
  });

  it('GET /healthz is 503 naming redis; pages open to visitors still answer', async () => {
    const health = await h.client().get('/healthz');
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', checks: { redis: 'down', postgres: 'ok' } });
    // A visitor route with a (now unreadable) session cookie goes on as a visitor.
    const docs = await h.client().get('/api/docs/json', cookie);
    expect(docs.statusCode).toBe(200);
  });
});

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersProjection } from '@myworld/projections';
import { TEST_PUBLIC_URL, signedInUser, startHarness, type Harness, type SignedInUser } from '../../testing/index.ts';

const withBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method);

/** A raw HTTP request over a real socket: the path goes out byte for byte, never normalised by a client library. */
function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname,
        port,
        method,
        path,
        agent: false,
        headers: { ...(withBody(method) ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(withBody(method) ? '{}' : undefined);
  });
}

describe('same-origin check judges the route that will run', () => {
  let harness: Harness;
  let user: SignedInUser;
  const foreign = { origin: 'https://evil.example' };

  beforeAll(async () => {
    harness = await startHarness({ label: 'same_origin', projections: [usersProjection] });
    user = await signedInUser(harness.api.services);
    // The users read model knows the account before the session is probed through it.
    for (let i = 0; i < 100 && (await stillSignedIn()) !== 200; i++) await new Promise((r) => setTimeout(r, 50));
  });
  afterAll(async () => harness?.stop());

  const stillSignedIn = async () =>
    (await send(harness.api.baseUrl, 'GET', '/api/auth/user', { cookie: user.cookie })).status;

  it('refuses every encoded form of a state-changing route called from another site, and the session survives', async () => {
    expect(await stillSignedIn()).toBe(200);
    const forms = [
      '/api/auth/logout',
      '/%61pi/auth/logout',
      '/%61%70%69/auth/logout',
      '/api/auth/%6Cogout',
      '/api/auth/%6cogout',
      '/api%2Fauth/logout',
      '//api/auth/logout',
      '/api/../api/auth/logout',
      '/api/./auth/logout',
      '/api/auth/logout/',
      '/api/auth/logout?x=1',
      '/API/auth/logout',
    ];
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of forms) {
        const r = await send(harness.api.baseUrl, method, path, { ...foreign, cookie: user.cookie });
        // Either the router reaches a route, which is then refused, or it reaches none (no effect).
        expect([403, 404], `${method} ${path} answered ${r.status}: ${r.body}`).toContain(r.status);
        if (
          method === 'POST' &&
          [
            '/api/auth/logout',
            '/%61pi/auth/logout',
            '/%61%70%69/auth/logout',
            '/api/auth/%6Cogout',
            '/api/auth/logout?x=1',
          ].includes(path)
        ) {
          expect(r.status, `${method} ${path}`).toBe(403);
          expect(JSON.parse(r.body)).toMatchObject({ error: 'cross_origin_refused' });
        }
      }
    }
    expect(await stillSignedIn()).toBe(200);
  });

  it("lets the product's own pages through, in encoded form too", async () => {
    const r = await send(harness.api.baseUrl, 'POST', '/%61pi/auth/logout', {
      origin: TEST_PUBLIC_URL,
      cookie: user.cookie,
    });
    expect(r.status).toBe(200);
    expect(await stillSignedIn()).toBe(401);
  });
});

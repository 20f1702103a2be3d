import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS_ELEMENT_ID, type FirstRead } from '@myworld/schemas';
import { json, stubFetch } from '../testing/stub-fetch.ts';

/** The page as the server sends it: its first reads in a JSON data block. */
function pageCarries(content: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_READS_ELEMENT_ID;
  element.textContent = content;
  document.body.append(element);
}

const session: FirstRead = {
  url: '/api/auth/user',
  status: 200,
  headers: { 'x-position': '7/7' },
  body: '{"id":"u1","username":"jane"}',
};
const feed: FirstRead = {
  url: '/api/feed?tab=for-you',
  status: 200,
  headers: { 'x-next-cursor': 'c2' },
  body: '[{"id":"p1"}]',
};

// A fresh client for each test: the page's answers are read once per load.
const client = () => import('./api-client.ts');

beforeEach(() => vi.resetModules());
afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(FIRST_READS_ELEMENT_ID)?.remove();
});

describe("the page's first reads", () => {
  it('answer the first GET of their URL without a request, once; the next GET asks the server', async () => {
    pageCarries(JSON.stringify([session, feed]));
    const fetch = stubFetch(() => json(200, { id: 'u1', username: 'jane' }));
    const { apiFetch, apiPage, lastSeenPosition } = await client();

    const res = await apiFetch('GET', '/api/auth/user');
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ id: 'u1', username: 'jane' });
    expect(lastSeenPosition()).toBe('7/7');
    await expect(apiPage('/api/feed?tab=for-you')).resolves.toEqual({ body: [{ id: 'p1' }], nextCursor: 'c2' });
    expect(fetch).not.toHaveBeenCalled();

    await apiFetch('GET', '/api/auth/user');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ headers: { 'X-Min-Position': '7/7' } });
  });

  it("a visitor's 401 answers the session check as the server would", async () => {
    pageCarries(
      JSON.stringify([{ url: '/api/auth/user', status: 401, headers: {}, body: '{"error":"unauthorized"}' }]),
    );
    const fetch = stubFetch(() => json(200, {}));
    const { apiFetch } = await client();
    expect((await apiFetch('GET', '/api/auth/user')).status).toBe(401);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('are dropped after a write: what they say may no longer be true', async () => {
    pageCarries(JSON.stringify([session, feed]));
    const fetch = stubFetch(() => json(200, []));
    const { apiFetch } = await client();
    await apiFetch('POST', '/api/text-posts', { body: { content: 'hi' } });
    await apiFetch('GET', '/api/feed?tab=for-you');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/text-posts', '/api/feed?tab=for-you']);
  });

  it('a block that is not first reads is ignored: the client reads for itself', async () => {
    pageCarries('[{"url":"/elsewhere"}]');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const fetch = stubFetch(() => json(200, {}));
    const { apiFetch } = await client();
    await apiFetch('GET', '/api/auth/user');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

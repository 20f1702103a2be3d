import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { rememberSignedIn } from '../lib/session-hint.ts';
import { lazyPage, type AppRoute } from '../lib/app-route.tsx';
import { currentUserQueryKey } from '../lib/current-user.ts';
import { signedOutApi, stubFetch } from '../testing/stub-fetch.ts';
import { FIRST_READS_ELEMENT_ID } from '@myworld/schemas';
import { testUser } from '../testing/fixtures.ts';
import { forgetFirstReads } from '../lib/first-reads.ts';
import { prefetchFirstScreen, readsSettled } from './first-screen-prefetch.ts';

// The session check goes to a server where nobody is signed in.
beforeEach(() => void stubFetch(signedOutApi()));
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const page = () => null;
function routes() {
  const home = vi.fn();
  const landing = vi.fn();
  const search = vi.fn();
  const list: AppRoute[] = [
    { path: '/', access: 'signed-out', component: page, prefetch: landing },
    { path: '/', access: 'signed-in', component: page, prefetch: home },
    { path: '/search', access: 'everyone', component: page, prefetch: search },
  ];
  return { list, home, landing, search };
}

describe("the first screen's reads, started with the session check", () => {
  it("a browser signed in last time starts the signed-in screen's reads, not the visitor's", () => {
    rememberSignedIn(true);
    const { list, home, landing } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/');
    expect(home).toHaveBeenCalledTimes(1);
    expect(landing).not.toHaveBeenCalled();
  });

  it("a new browser, or one that signed out, starts the visitor's only", () => {
    const { list, home, landing } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/');
    rememberSignedIn(true);
    rememberSignedIn(false);
    prefetchFirstScreen(createQueryClient(), list, '/');
    expect(home).not.toHaveBeenCalled();
    expect(landing).toHaveBeenCalledTimes(2);
  });

  it('a screen for everyone always, and only the screen at the path', () => {
    const { list, home, landing, search } = routes();
    prefetchFirstScreen(createQueryClient(), list, '/search');
    expect(search).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    expect(landing).not.toHaveBeenCalled();
  });

  it('starts the session check itself, so its answer can be in the cache before the first render', async () => {
    const fetch = stubFetch(signedOutApi());
    const client = createQueryClient();
    prefetchFirstScreen(client, [], '/');
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/api/auth/user']);
    await vi.waitFor(() => expect(client.getQueryState(currentUserQueryKey)?.status).toBe('success'));
    expect(client.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it("a page that came with a signed-in session check starts the signed-in screen's reads, hint or not", async () => {
    // The server rendered that user's home: the client must have its reads in the cache to take it over.
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = FIRST_READS_ELEMENT_ID;
    element.textContent = JSON.stringify([
      { url: '/api/auth/user', status: 200, headers: {}, body: JSON.stringify(testUser()) },
    ]);
    document.body.append(element);
    // A new page load: the client reads the page's first reads from the document.
    forgetFirstReads();
    const { list, home, landing } = routes();
    const client = createQueryClient();
    prefetchFirstScreen(client, list, '/');
    expect(home).toHaveBeenCalledTimes(1);
    expect(landing).not.toHaveBeenCalled();
    await readsSettled(client);
    expect(client.getQueryData(currentUserQueryKey)).toMatchObject({ id: testUser().id });
  });

  it('loads the code of the page at the path, parameters matched, and resolves once it is in', async () => {
    let loaded: (() => void) | undefined;
    const streamCode = vi.fn(
      () => new Promise<{ StreamPage: () => null }>((resolve) => (loaded = () => resolve({ StreamPage: page }))),
    );
    const liveCode = vi.fn(async () => ({ LivePage: page }));
    const list: AppRoute[] = [
      { path: '/live', access: 'everyone', component: lazyPage(liveCode, 'LivePage') },
      { path: '/stream/:streamId', access: 'everyone', component: lazyPage(streamCode, 'StreamPage') },
    ];
    let done = false;
    const firstPageCode = prefetchFirstScreen(createQueryClient(), list, '/stream/s1').then(() => (done = true));
    expect(streamCode).toHaveBeenCalledTimes(1);
    expect(liveCode).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(done).toBe(false);
    loaded!();
    await firstPageCode;
    expect(done).toBe(true);
  });
});

import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_READS_ELEMENT_ID, RENDERED_AT_META_NAME, type FirstRead } from '@myworld/schemas';
import { App, startClient } from './app/app.tsx';
import { readsSettled } from './app/first-screen-prefetch.ts';
import { renderFirstScreen } from './entry-server.tsx';
import { dropFirstReads, forgetFirstReads } from './lib/first-reads.ts';
import { json, stubFetch } from './testing/stub-fetch.ts';
import { testUser } from './testing/fixtures.ts';
import { testTextPost, testVideo } from './testing/post-fixtures.ts';

const NOW = new Date('2026-05-01T12:00:00Z');
const visitor: FirstRead = {
  url: '/api/auth/user',
  status: 401,
  headers: {},
  body: '{"error":"unauthorized","message":"Please sign in."}',
};
const signedIn: FirstRead = { url: '/api/auth/user', status: 200, headers: {}, body: JSON.stringify(testUser()) };
const post = testTextPost({ content: 'Harbour at dawn', createdAt: '2026-05-01T11:59:30Z', textColor: '#fde047' });
// A video below the text post: its player too is taken over as the server wrote it.
const video = testVideo({ description: 'Sunset ride #travel', createdAt: '2026-05-01T11:00:00Z' });
const feed: FirstRead = {
  url: '/api/feed?tab=for-you',
  status: 200,
  headers: { 'x-next-cursor': 'c2' },
  body: JSON.stringify([post, video]),
};

/** The hydrated page, unmounted after its test: nothing of it (its socket above all) stays open for the next file. */
let hydrated: Root | undefined;

afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.innerHTML = '';
  document.head.querySelector(`meta[name="${RENDERED_AT_META_NAME}"]`)?.remove();
  dropFirstReads();
  vi.unstubAllGlobals();
});

describe("the server's render of the first screen", () => {
  it("a visitor's / is the landing page", async () => {
    const html = await renderFirstScreen('/', [visitor], NOW);
    expect(html).toContain('connect, create, rotate');
    expect(html).toContain('Create Account');
  });

  it("a signed-in user's / is the home feed with its first page, its times counted from the render's", async () => {
    const html = await renderFirstScreen('/', [signedIn, feed], NOW);
    expect(html).toContain('Harbour at dawn');
    expect(html).toContain('just now');
    expect(html).toContain('1 hour ago');
    // The CSP blocks style attributes in markup: the post's own colours come with the client.
    expect(html).not.toMatch(/ style=/);
  });

  it('any other page, or a first screen whose reads the page lacks, is left to the client', async () => {
    expect(await renderFirstScreen('/discover', [signedIn], NOW)).toBeNull();
    stubFetch(() => {
      throw new Error('the server render must not ask the network');
    });
    expect(await renderFirstScreen('/', [signedIn], NOW)).toBeNull();
  });

  it('the client takes over the signed-in home without a hydration mismatch, then shows the post in its colours', async () => {
    const html = await renderFirstScreen('/', [signedIn, feed], NOW);
    // The page as the API serves it: the markup in #root, the reads, the render's time.
    const meta = document.createElement('meta');
    meta.name = RENDERED_AT_META_NAME;
    meta.content = NOW.toISOString();
    document.head.append(meta);
    document.body.innerHTML = `<div id="root">${html}</div><script type="application/json" id="${FIRST_READS_ELEMENT_ID}"></script>`;
    document.getElementById(FIRST_READS_ELEMENT_ID)!.textContent = JSON.stringify([signedIn, feed]);
    // Whatever else the page reads after it is taken over (stories, notices) finds nothing.
    stubFetch((url) => (url.startsWith('/api/auth/user') ? json(200, testUser()) : json(200, [])));
    // A new page load: the client reads the page's first reads from the document.
    forgetFirstReads();
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');

    const root = document.getElementById('root')!;
    const { queryClient, firstPageCode } = startClient('/');
    await Promise.all([readsSettled(queryClient), firstPageCode]);
    const content = root.querySelector('.text-post__content')!;
    await act(async () => {
      hydrated = hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      );
    });

    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // The same element, taken over rather than replaced, now in the author's colour.
    expect(root.querySelector('.text-post__content')).toBe(content);
    expect((content as HTMLElement).style.color).toBe('#fde047');
    consoleError.mockRestore();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testSearchResult, testTrending } from '../../../testing/discovery-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

type Search = (params: URLSearchParams) => Response;

/** The API for a visitor (or `signedIn`): trending, and `search` for GET /api/search. */
function api({ search = () => json(200, []), signedIn = false }: { search?: Search; signedIn?: boolean } = {}) {
  const rest = (url: string) => {
    if (url === '/api/trending') return json(200, testTrending());
    if (url.startsWith('/api/search?')) return search(new URL(url, 'http://x').searchParams);
    return json(404, { error: 'not_found', message: 'x' });
  };
  return stubFetch(
    signedIn ? (url) => (url === '/api/auth/user' ? json(200, testUser()) : rest(url)) : signedOutApi(rest),
  );
}

const searches = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/search'));
const type = (text: string) =>
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: text } });
const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const status = () => screen.getByTestId('search-status').textContent;

describe('/search with nothing typed', () => {
  it('shows Trending Hashtags, Popular Creators and Trending Content from /api/trending, and searches nothing', async () => {
    const fetch = api();
    renderApp({ url: '/search' });
    const tabs = await screen.findAllByRole('tab', { name: /Trending Hashtags|Popular Creators|Trending Content/ });
    expect(tabs.map((t) => t.textContent)).toEqual(['Trending Hashtags', 'Popular Creators', 'Trending Content']);

    const hashtags = await screen.findAllByTestId('trending-hashtag');
    const text = (a: Element, part: string) => a.querySelector(`.search-result__${part}`)?.textContent;
    expect(hashtags.map((a) => [a.getAttribute('href'), text(a, 'title'), text(a, 'meta')])).toEqual([
      ['/hashtag/sunset', '#sunset', '42 posts'],
      ['/hashtag/food', '#food', '1 post'],
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Popular Creators' }));
    expect(screen.getByTestId('trending-creator').getAttribute('href')).toBe('/profile/sam');
    expect(screen.getByTestId('trending-creator').textContent).toContain('1.2K followers');
    fireEvent.click(screen.getByRole('tab', { name: 'Trending Content' }));
    const content = screen.getByTestId('search-result-video');
    expect(content.getAttribute('href')).toBe(`/video/${testSearchResult('video').id}`);
    expect(content.textContent).toContain('Trending');

    expect(searches(fetch)).toEqual([]);
    expect(fetch.mock.calls.filter(([u]) => u === '/api/trending')).toHaveLength(1);
  });

  it('shows a trending text post as its coloured card, and the "Trending" badge only on what really trends', async () => {
    stubFetch(
      signedOutApi((url) =>
        url === '/api/trending'
          ? json(
              200,
              testTrending({
                content: [
                  testSearchResult('video', { trending: true }),
                  testSearchResult('text_post', { trending: false }),
                ],
              }),
            )
          : json(404, { error: 'not_found', message: 'x' }),
      ),
    );
    renderApp({ url: '/search' });
    fireEvent.click(await screen.findByRole('tab', { name: 'Trending Content' }));
    const post = await screen.findByTestId('search-result-text_post');
    const card = within(post).getByTestId('text-post-tile');
    expect(card.textContent).toBe('Golden hour #sunset');
    expect(card.style.backgroundColor).toBe('#0f766e');
    expect(card.style.color).toBe('#ffffff');
    expect(card.style.fontWeight).toBe('700');
    expect(post.querySelector('.search-result__badge')).toBeNull();
    const video = screen.getByTestId('search-result-video');
    expect(within(video).queryByTestId('text-post-tile')).toBeNull();
    expect(video.querySelector('.search-result__badge')?.textContent).toBe('Trending');
  });

  it('is open to visitors, with none of the signed-in parts (no bottom navigation, no recommendations)', async () => {
    const fetch = api();
    renderApp({ url: '/search' });
    await screen.findByTestId('search-page');
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    expect(fetch.mock.calls.some(([u]) => /recommendations|user-preferences/.test(String(u)))).toBe(false);
  });

  it("is where the bottom navigation's Search goes for a signed-in user", async () => {
    api({ signedIn: true });
    const { location } = renderApp({ url: '/discover' });
    fireEvent.click(await screen.findByTestId('nav-search'));
    expect(await screen.findByTestId('search-page')).toBeTruthy();
    expect(location.history.at(-1)).toBe('/search');
  });
});

describe('searching', () => {
  it('asks once, 300 ms after the last keystroke', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = api();
    renderApp({ url: '/search' });
    await screen.findByRole('searchbox', { name: 'Search' });
    type('s');
    await wait(100);
    type('su');
    await wait(100);
    type('sun ');
    await wait(250);
    expect(searches(fetch)).toEqual([]);
    expect(status()).toBe('Searching...');
    await wait(60);
    await waitFor(() => expect(searches(fetch)).toEqual(['/api/search?q=sun&filter=all']));
    await wait(1000);
    expect(searches(fetch)).toHaveLength(1);
  });

  it('sends the chosen chip as filter=, again 300 ms after the change, and keeps q and filter in the address', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = api();
    const { location } = renderApp({ url: '/search' });
    const chips = await screen.findAllByRole('tab', { name: /^(All|Videos|Users|Posts|Hashtags)$/ });
    expect(chips.map((c) => c.textContent)).toEqual(['All', 'Videos', 'Users', 'Posts', 'Hashtags']);
    type('sunset');
    await wait(350);
    for (const filter of ['videos', 'users', 'posts', 'hashtags'] as const) {
      fireEvent.click(screen.getByTestId(`search-filter-${filter}`));
      expect(screen.getByTestId(`search-filter-${filter}`).getAttribute('aria-selected')).toBe('true');
      await wait(350);
    }
    await waitFor(() =>
      expect(searches(fetch)).toEqual(
        ['all', 'videos', 'users', 'posts', 'hashtags'].map((f) => `/api/search?q=sunset&filter=${f}`),
      ),
    );
    expect(location.history.at(-1)).toBe('/search?q=sunset&filter=hashtags');
  });

  it('says "Searching...", then `Search Results for "{query}" ({count})`, or that nothing was found', async () => {
    api({
      search: (p) => json(200, p.get('q') === 'sun' ? [testSearchResult('user'), testSearchResult('video')] : []),
    });
    renderApp({ url: '/search' });
    await screen.findByRole('searchbox', { name: 'Search' });
    type('sun');
    expect((await screen.findByTestId('search-status')).textContent).toBe('Searching...');
    await waitFor(() => expect(status()).toBe('Search Results for "sun" (2)'));

    type('zzzz');
    const none = await screen.findByTestId('search-no-results');
    expect(within(none).getByText('No results found for "zzzz"')).toBeTruthy();
    expect(within(none).getByText('Try different keywords or check your spelling')).toBeTruthy();
  });

  it('links each result to what it is: a profile by username, a video, a post, a hashtag', async () => {
    const results = [
      testSearchResult('user'),
      testSearchResult('video'),
      testSearchResult('text_post'),
      testSearchResult('hashtag'),
    ];
    api({ search: () => json(200, results) });
    const { location } = renderApp({ url: '/search?q=sunset' });
    await screen.findByTestId('search-results');
    const href = (type: string) => screen.getByTestId(`search-result-${type}`).getAttribute('href');
    expect(href('user')).toBe('/profile/sam');
    expect(href('video')).toBe(`/video/${results[1]!.id}`);
    expect(href('text_post')).toBe(`/post/${results[2]!.id}`);
    expect(href('hashtag')).toBe('/hashtag/sunset');
    expect(screen.getByTestId('search-result-hashtag').textContent).toContain('42 posts');
    fireEvent.click(screen.getByTestId('search-result-hashtag'));
    expect(location.history.at(-1)).toBe('/hashtag/sunset');
  });

  it("opens at the address's query and loads more with the X-Next-Cursor", async () => {
    const fetch = api({
      search: (p) =>
        p.get('cursor')
          ? json(200, [testSearchResult('text_post')])
          : new Response(JSON.stringify([testSearchResult('video')]), {
              status: 200,
              headers: { 'Content-Type': 'application/json', 'X-Next-Cursor': 'c2' },
            }),
    });
    renderApp({ url: '/search?q=sun&filter=posts' });
    expect(((await screen.findByRole('searchbox', { name: 'Search' })) as HTMLInputElement).value).toBe('sun');
    expect(screen.getByTestId('search-filter-posts').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(await screen.findByTestId('search-load-more'));
    await waitFor(() => expect(status()).toBe('Search Results for "sun" (2)'));
    expect(screen.queryByTestId('search-load-more')).toBeNull();
    expect(searches(fetch)).toEqual(['/api/search?q=sun&filter=posts', '/api/search?q=sun&filter=posts&cursor=c2']);
  });

  it('clears the results silently when a search fails, and at once when the query is emptied', async () => {
    const fetch = api({
      search: (p) =>
        p.get('q') === 'boom'
          ? json(500, { error: 'internal', message: 'boom' })
          : json(200, [testSearchResult('user')]),
    });
    const { location } = renderApp({ url: '/search?q=sam' });
    await screen.findByTestId('search-results');
    type('boom');
    await waitFor(() => expect(searches(fetch)).toContain('/api/search?q=boom&filter=all'));
    await waitFor(() => expect(screen.queryByTestId('search-status')).toBeNull());
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect(screen.queryByTestId('search-no-results')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    const before = searches(fetch).length;
    type('  ');
    expect(screen.getByRole('tab', { name: 'Trending Hashtags' })).toBeTruthy();
    await waitFor(() => expect(location.history.at(-1)).toBe('/search'));
    expect(searches(fetch)).toHaveLength(before);
  });
});

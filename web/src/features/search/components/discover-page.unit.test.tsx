import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testTrending } from '../../../testing/discovery-fixtures.ts';
import { testTextPost, testVideo } from '../../../testing/post-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const forYou = testTextPost();
const musicVideo = testVideo({ id: '00000000-0000-4000-8000-0000000000d1', category: 'music' });

/** The API for a visitor (or `signedIn`): the For You feed, the music category, nothing in the others, and trending's totals. */
function api(signedIn = false) {
  const rest = (url: string) => {
    if (url === '/api/trending') return json(200, testTrending());
    if (url === '/api/feed?tab=for-you') return json(200, [forYou]);
    if (url === '/api/videos/category/music') return json(200, [musicVideo]);
    if (url.startsWith('/api/videos/category/')) return json(200, []);
    if (url.startsWith('/api/search')) return json(200, []);
    return json(404, { error: 'not_found', message: 'x' });
  };
  return stubFetch(
    signedIn ? (url) => (url === '/api/auth/user' ? json(200, testUser()) : rest(url)) : signedOutApi(rest),
  );
}

const feedIds = () => screen.getAllByTestId('feed-item').map((el) => el.dataset.postId);

describe('/discover', () => {
  it('shows the category chips; All is the For You feed and a category its videos', async () => {
    const fetch = api();
    renderApp({ url: '/discover' });
    const chips = await screen.findAllByRole('tab');
    expect(chips.map((c) => c.textContent)).toEqual([
      'All',
      'Music',
      'Comedy',
      'Gaming',
      'Food',
      'Travel',
      'Fitness',
      'Tech',
      'Fashion',
    ]);
    expect(screen.getByTestId('discover-category-all').getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(feedIds()).toEqual([forYou.id]));

    fireEvent.click(screen.getByTestId('discover-category-music'));
    await waitFor(() => expect(feedIds()).toEqual([musicVideo.id]));
    fireEvent.click(screen.getByTestId('discover-category-gaming'));
    expect(await screen.findByText('No Gaming videos yet')).toBeTruthy();
    const reads = fetch.mock.calls.map(([u]) => String(u)).filter((u) => /^\/api\/(feed|videos)/.test(u));
    expect(reads).toEqual(['/api/feed?tab=for-you', '/api/videos/category/music', '/api/videos/category/gaming']);
  });

  it('shows the real totals from /api/trending in the banner, as counts read', async () => {
    api();
    renderApp({ url: '/discover' });
    const figure = async (key: string) => (await screen.findByTestId(`discover-total-${key}`)).textContent;
    expect(await figure('videos')).toBe('Videos1.2K');
    expect(await figure('textPosts')).toBe('Posts3.4M');
    expect(await figure('creators')).toBe('Creators87');
    expect(await figure('hashtags')).toBe('Hashtags999');
    expect(screen.getByTestId('discover-banner').textContent).not.toMatch(/coming soon/i);
  });

  it('sends the search box to the search page with the query', async () => {
    api();
    const { location } = renderApp({ url: '/discover' });
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Search' }), { target: { value: ' sunset ' } });
    fireEvent.submit(screen.getByRole('search'));
    await screen.findByTestId('search-page');
    expect(location.history.at(-1)).toBe('/search?q=sunset');
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('sunset');
  });

  it('is open to visitors (their like asks them to sign in, and comes back here) and to signed-in users', async () => {
    api();
    const { location } = renderApp({ url: '/discover' });
    await waitFor(() => expect(feedIds()).toEqual([forYou.id]));
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
    expect(screen.getByTestId('visitor-nav')).toBeTruthy();
    fireEvent.click(screen.getByTestId('like-button'));
    // ... and carries the like through signing in.
    await waitFor(() =>
      expect(location.history.at(-1)).toBe(
        `/login?next=${encodeURIComponent(`/discover?resume=${encodeURIComponent(`like:${forYou.id}`)}`)}`,
      ),
    );
    cleanup();

    api(true);
    renderApp({ url: '/discover' });
    await waitFor(() => expect(feedIds()).toEqual([forYou.id]));
    expect(screen.getByTestId('post-actions')).toBeTruthy();
    expect(screen.getByTestId('bottom-nav')).toBeTruthy();
    expect(screen.queryByTestId('visitor-nav')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RecommendationItem } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testPreferences, testRecommendation } from '../../../testing/discovery-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const many = (n: number) => Array.from({ length: n }, (_, i) => testRecommendation(i + 1));

/** A signed-in API whose recommendations `answer` gives per query string; preferences as given. */
function api(answer: (params: URLSearchParams) => RecommendationItem[], preferences = testPreferences()) {
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, testUser());
    if (url.startsWith('/api/recommendations?')) return json(200, answer(new URL(url, 'http://x').searchParams));
    if (url === '/api/user-preferences') return json(200, preferences);
    if (url.startsWith('/api/feed?')) return json(200, []);
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const calls = (fetch: ReturnType<typeof api>, prefix: string) =>
  fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith(prefix));
const page = () => screen.getByTestId('recommendations-page');

describe('/recommendations', () => {
  it("asks for up to 20 For You items, then each chip's category", async () => {
    const fetch = api((p) => many(p.get('category') === 'for-you' ? 25 : 2));
    renderApp({ url: '/recommendations' });
    const chips = await screen.findAllByRole('tab');
    expect(chips.map((c) => c.textContent)).toEqual(['For You', 'Trending', 'Following', 'Discover']);
    await waitFor(() => expect(within(page()).getAllByTestId('recommendation')).toHaveLength(20));
    for (const id of ['trending', 'following', 'discover']) {
      fireEvent.click(screen.getByTestId(`recommendations-chip-${id}`));
      await waitFor(() => expect(within(page()).getAllByTestId('recommendation')).toHaveLength(2));
    }
    expect(calls(fetch, '/api/recommendations')).toEqual(
      ['for-you', 'trending', 'following', 'discover'].map((c) => `/api/recommendations?category=${c}&limit=20`),
    );
  });

  it('links each item to its page and shows at most 3 reason badges, in words', async () => {
    api(() => [
      testRecommendation(1, { recommendationReason: ['trending', 'similar_interests', 'following_activity'] }),
      testRecommendation(2, { recommendationReason: ['high_engagement'] }),
    ]);
    renderApp({ url: '/recommendations' });
    const [video, post] = await screen.findAllByTestId('recommendation');
    expect(video!.getAttribute('href')).toBe(`/video/${testRecommendation(1).id}`);
    expect(post!.getAttribute('href')).toBe(`/post/${testRecommendation(2).id}`);
    expect(
      within(video!)
        .getAllByTestId('reason-badge')
        .map((b) => b.textContent),
    ).toEqual(['Trending', 'Similar interests', 'From people you follow']);
    expect(
      within(post!)
        .getAllByTestId('reason-badge')
        .map((b) => b.textContent),
    ).toEqual(['Popular']);
  });

  it('shows a text post as its coloured card (a video keeps its picture)', async () => {
    api(() => [testRecommendation(1, { thumbnailUrl: '/objects/v1.webp' }), testRecommendation(2)]);
    renderApp({ url: '/recommendations' });
    const [video, post] = await screen.findAllByTestId('recommendation');
    expect(within(video!).queryByTestId('text-post-tile')).toBeNull();
    expect(video!.querySelector('img')?.getAttribute('src')).toBe('/objects/v1.webp');
    const card = within(post!).getByTestId('text-post-tile');
    expect(card.textContent).toBe('Pick 2 text');
    expect(card.style.backgroundColor).toBe('#0f766e');
    expect(card.style.fontWeight).toBe('700');
  });

  it('shows the favorite categories', async () => {
    api(() => many(1), testPreferences({ favoriteCategories: ['music', 'travel', 'food'] }));
    renderApp({ url: '/recommendations' });
    const favorites = await screen.findAllByTestId('favorite-category');
    expect(favorites.map((f) => f.textContent)).toEqual(['Music', 'Travel', 'Food']);
  });

  it('says "Building your recommendations..." when there is nothing yet, and refreshes on the button', async () => {
    let ready = false;
    const fetch = api(() => (ready ? many(3) : []), testPreferences({ favoriteCategories: [] }));
    renderApp({ url: '/recommendations' });
    expect((await screen.findByTestId('recommendations-empty')).textContent).toBe('Building your recommendations...');
    expect(screen.queryByTestId('favorite-categories')).toBeNull();
    ready = true;
    fireEvent.click(screen.getByRole('button', { name: 'Refresh recommendations' }));
    await waitFor(() => expect(within(page()).getAllByTestId('recommendation')).toHaveLength(3));
    expect(calls(fetch, '/api/recommendations')).toHaveLength(2);
    await waitFor(() => expect(calls(fetch, '/api/user-preferences')).toHaveLength(2));
  });

  it('is not open to visitors, who never ask for recommendations or preferences', async () => {
    const fetch = stubFetch(signedOutApi());
    const { location } = renderApp({ url: '/recommendations' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Frecommendations'));
    await screen.findByRole('button', { name: 'Sign In' });
    expect(fetch.mock.calls.some(([u]) => /recommendations|user-preferences/.test(String(u)))).toBe(false);
  });
});

describe("Home's sidebar", () => {
  it('lists up to 5 For You recommendations and leads to the full page', async () => {
    const fetch = api(() => many(8));
    const { location } = renderApp({ url: '/' });
    const sidebar = await screen.findByTestId('recommendations-sidebar');
    await waitFor(() => expect(within(sidebar).getAllByTestId('recommendation')).toHaveLength(5));
    expect(calls(fetch, '/api/recommendations')).toEqual(['/api/recommendations?category=for-you&limit=5']);
    fireEvent.click(within(sidebar).getByTestId('recommendations-see-all'));
    await screen.findByTestId('recommendations-page');
    expect(location.history.at(-1)).toBe('/recommendations');
  });
});

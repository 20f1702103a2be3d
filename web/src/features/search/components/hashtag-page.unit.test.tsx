import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PostItem } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testTextPost, testVideo } from '../../../testing/post-fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  forgetLastPosition();
});

const post = testTextPost({ content: 'Golden hour #sunset' });
const video = testVideo({ description: 'Ride #Sunset' });

const paged = (items: PostItem[], next?: string) =>
  new Response(JSON.stringify(items), {
    status: 200,
    headers: { 'Content-Type': 'application/json', ...(next ? { 'X-Next-Cursor': next } : {}) },
  });

/** The API with #sunset used by two posts, on two pages. */
function api(signedIn = false) {
  const rest = (url: string) => {
    if (url === '/api/hashtags/sunset') return json(200, { name: 'sunset', useCount: 2 });
    if (url === '/api/hashtags/sunset/posts') return paged([post], 'p2');
    if (url === '/api/hashtags/sunset/posts?cursor=p2') return paged([video]);
    if (url === '/api/user-interactions') return json(200, { counted: true });
    return json(404, { error: 'not_found', message: 'Hashtag not found' });
  };
  return stubFetch(
    signedIn ? (url) => (url === '/api/auth/user' ? json(200, testUser()) : rest(url)) : signedOutApi(rest),
  );
}

describe('/hashtag/{tag}', () => {
  it('shows the tag, how many posts use it, and its posts as feed items, paged; visitors may open it', async () => {
    const fetch = api();
    renderApp({ url: '/hashtag/Sunset' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('#sunset');
    expect((await screen.findByTestId('hashtag-use-count')).textContent).toBe('2 posts');
    await waitFor(() =>
      expect(screen.getAllByTestId('feed-item').map((el) => el.dataset.postId)).toEqual([post.id, video.id]),
    );
    expect(screen.getByTestId('feed').getAttribute('aria-label')).toBe('Posts with #sunset');
    const calls = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/hashtags'));
    expect(calls.sort()).toEqual([
      '/api/hashtags/sunset',
      '/api/hashtags/sunset/posts',
      '/api/hashtags/sunset/posts?cursor=p2',
    ]);
  });

  it('links the hashtags inside the posts to their pages', async () => {
    api();
    renderApp({ url: '/hashtag/sunset' });
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(2));
    const links = screen.getAllByTestId('hashtag-link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['#sunset', '/hashtag/sunset'],
      ['#Sunset', '/hashtag/sunset'],
    ]);
  });

  it('shows a visitor the counts, records no views, and asks them to sign in to comment; a signed-in user gets the composer and views', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const visitor = api();
    renderApp({ url: '/hashtag/sunset' });
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(2));
    fireEvent.click(within(screen.getAllByTestId('feed-item')[0]!).getByTestId('comment-button'));
    expect((await screen.findByTestId('sign-in-to-comment')).querySelector('a')!.getAttribute('href')).toBe(
      '/login?next=%2Fhashtag%2Fsunset',
    );
    expect(screen.queryByTestId('comment-input')).toBeNull();
    await vi.advanceTimersByTimeAsync(1500);
    expect(visitor.mock.calls.some(([u]) => u === '/api/user-interactions')).toBe(false);
    cleanup();

    const user = api(true);
    renderApp({ url: '/hashtag/sunset' });
    await waitFor(() => expect(screen.getAllByTestId('feed-item')).toHaveLength(2));
    expect(within(screen.getAllByTestId('feed-item')[0]!).getByTestId('post-actions')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(1500);
    await waitFor(() => expect(user.mock.calls.some(([u]) => u === '/api/user-interactions')).toBe(true));
  });

  it('says "Hashtag not found" for a tag nobody used, or one that cannot be a tag', async () => {
    api();
    renderApp({ url: '/hashtag/nobody' });
    expect((await screen.findByTestId('hashtag-not-found')).textContent).toContain('Hashtag not found');
    cleanup();
    renderApp({ url: '/hashtag/no%20way' });
    expect((await screen.findByTestId('hashtag-not-found')).textContent).toContain('Hashtag not found');
  });
});

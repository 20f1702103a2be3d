import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { testTextPost } from '../../../testing/post-fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

/** A signed-in API whose feed is empty. */
const signedIn = (user = testUser()) =>
  stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, user);
    if (url.startsWith('/api/feed?')) return json(200, []);
    return json(404, { error: 'not_found', message: 'x' });
  });

describe('home', () => {
  it('shows the header, the account notices under it, then the feed; the chosen tab is asked of the server', async () => {
    const fetch = signedIn(testUser({ emailVerified: false }));
    renderApp();
    const header = (await screen.findByRole('heading', { name: 'Home' })).closest('header')!;
    const banner = screen.getByTestId('verification-banner');
    const feed = await screen.findByTestId('feed-empty');
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('feed-tab-for-you').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('feed-tab-following'));
    expect(screen.getByRole('tab', { name: 'Following' }).getAttribute('aria-selected')).toBe('true');
    await screen.findByTestId('feed-empty');
    const feedCalls = fetch.mock.calls.map(([u]) => String(u)).filter((u) => u.startsWith('/api/feed'));
    expect(feedCalls).toEqual(['/api/feed?tab=for-you', '/api/feed?tab=following']);
  });

  it('puts the account notices and the stories at the top of the list of posts, so they scroll away with it', async () => {
    stubFetch((url) => {
      if (url === '/api/auth/user') return json(200, testUser({ emailVerified: false }));
      if (url.startsWith('/api/feed?')) return json(200, [testTextPost()]);
      return json(404, { error: 'not_found', message: 'x' });
    });
    renderApp();
    const feed = await screen.findByTestId('feed');
    const [banner, strip, post] = [
      screen.getByTestId('verification-banner'),
      await screen.findByTestId('stories-strip'),
      screen.getByTestId('feed-item'),
    ];
    expect(feed.contains(banner) && feed.contains(strip)).toBe(true);
    expect(banner.compareDocumentPosition(strip) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(strip.compareDocumentPosition(post) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The header stays outside the list: it does not scroll.
    expect(feed.contains(screen.getByRole('heading', { name: 'Home' }))).toBe(false);
  });

  it('tells a new user with an empty feed how to fill it', async () => {
    signedIn();
    renderApp();
    const empty = await screen.findByTestId('feed-empty');
    expect(empty.textContent).toContain('No posts yet');
    expect(empty.textContent).toContain('Videos and posts from creators will show up here.');
    expect(empty.textContent).toContain('Follow creators');
    expect(screen.getByTestId('feed-empty-upload').getAttribute('href')).toBe('/upload');
  });

  it('shows the toast of an emailed link opened while signed in, and clears the query string', async () => {
    signedIn();
    const { location } = renderApp({ url: '/?verified=true' });
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Email verified successfully!'));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
  });

  it('opens Account Settings from the settings button', async () => {
    signedIn();
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

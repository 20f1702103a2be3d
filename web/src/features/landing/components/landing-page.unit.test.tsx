import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { testTrending, testSearchResult } from '../../../testing/discovery-fixtures.ts';
import { testLiveStream } from '../../../testing/fixtures.ts';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { LandingPage } from './landing-page.tsx';

// The page reads trending content and live streams: nothing, unless a test answers otherwise.
beforeEach(() => {
  stubFetch(() => json(404, { error: 'not_found', message: 'x' }));
});
afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

async function visit(url: string) {
  const { location } = renderWithApp(<LandingPage />, { url });
  await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  return location;
}
const toastText = () => [
  screen.getByTestId('toast-title').textContent,
  screen.queryByTestId('toast-description')?.textContent,
];

describe('landing page', () => {
  it('shows the brand, tagline, both buttons and the blurbs', () => {
    renderWithApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('MyWorld');
    expect(screen.getByText('connect, create, rotate')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows real public content: streams live now, posts trending now, and the creators strip with the real count', async () => {
    stubFetch((url) => {
      if (url === '/api/trending')
        return json(
          200,
          testTrending({
            content: [testSearchResult('video', { trending: true }), testSearchResult('text_post', { trending: true })],
            totals: { videos: 3, textPosts: 5, creators: 1234, hashtags: 2 },
          }),
        );
      if (url === '/api/streams/active/all') return json(200, [testLiveStream({ viewerCount: 12 })]);
      return json(404, { error: 'not_found', message: 'x' });
    });
    renderWithApp(<LandingPage />);
    const tiles = await screen.findAllByTestId('landing-trending-post');
    expect(tiles.map((t) => t.getAttribute('href'))).toEqual([
      '/video/00000000-0000-4000-8000-0000000000a1',
      '/post/00000000-0000-4000-8000-0000000000b2',
    ]);
    expect(tiles[0]!.textContent).toContain('@sam');
    expect(screen.getByTestId('landing-creators-text').textContent).toBe(
      'Join 1.2K creators already sharing their world.',
    );
    // One trending creator's face, then the rest as a number: no invented figures.
    expect(screen.getByTestId('landing-creators').textContent).toContain('+1.2K');
    const live = await screen.findByTestId('landing-live-now');
    expect(live.querySelector('[data-testid="stream-card"]')?.textContent).toContain('Morning jam');
  });

  it('with nothing published yet, invites the first creators and shows no empty rows', async () => {
    stubFetch((url) => {
      if (url === '/api/trending')
        return json(
          200,
          testTrending({ content: [], users: [], totals: { videos: 0, textPosts: 0, creators: 0, hashtags: 0 } }),
        );
      if (url === '/api/streams/active/all') return json(200, []);
      return json(404, { error: 'not_found', message: 'x' });
    });
    renderWithApp(<LandingPage />);
    expect((await screen.findByTestId('landing-creators-text')).textContent).toBe(
      'Be one of the first creators to share your world.',
    );
    expect(screen.queryByTestId('landing-trending')).toBeNull();
    expect(screen.queryByTestId('landing-live-now')).toBeNull();
  });

  it('?verified=true toasts the success and clears the query string', async () => {
    const location = await visit('/?verified=true');
    expect(location.history).toEqual(['/']); // replaced, not pushed
    expect(toastText()).toEqual([
      'Email verified successfully!',
      'Your account is now verified. You can start using all features.',
    ]);
    expect(screen.getByRole('status').dataset.variant).toBe('default');
  });

  it.each([
    ['invalid-token', 'Verification failed', 'The verification link is invalid or has expired.'],
    ['expired-token', 'Verification failed', 'The verification link has expired. Please request a new one.'],
    ['verification-failed', 'Verification failed', 'Email verification failed. Please try again.'],
    ['invalid-reset-token', 'Reset link invalid', 'The password reset link is invalid or has expired.'],
    ['expired-reset-token', 'Reset link expired', 'The password reset link has expired. Please request a new one.'],
    ['reset-failed', 'Password reset failed', 'Unable to reset your password. Please try again.'],
  ])('?error=%s toasts "%s" (destructive)', async (code, title, text) => {
    await visit(`/?error=${code}`);
    expect(toastText()).toEqual([title, text]);
    expect(screen.getByRole('status').dataset.variant).toBe('destructive');
  });
});

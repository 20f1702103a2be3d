import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../testing/stub-fetch.ts';
import { testUser } from '../testing/fixtures.ts';
import { appToasts } from '../components/ui/toast/toast-store.ts';
import { AppShell } from './app-shell.tsx';
import { awaitFirstPageCode } from './first-page-code.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const signedInApi =
  (user = testUser()) =>
  (url: string) =>
    url === '/api/auth/user'
      ? json(200, user)
      : url.startsWith('/api/feed?')
        ? json(200, [])
        : json(200, { message: 'ok' });

describe('app shell', () => {
  it('shows a spinner while the session loads, then the landing page for a visitor', async () => {
    stubFetch(signedOutApi());
    renderWithApp(<AppShell />);
    expect(screen.getByTestId('app-loading')).toBeTruthy();
    await screen.findByText('connect, create, rotate');
    expect(screen.queryByTestId('bottom-nav')).toBeNull();
  });

  it('shows "404 Page Not Found" for paths outside the route set', async () => {
    stubFetch(signedOutApi());
    renderWithApp(<AppShell />, { url: '/no-such-page' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('404 Page Not Found');
  });

  it('sends a visitor at a signed-in page to sign in, with the page (and its query) to return to', async () => {
    stubFetch(signedOutApi());
    const { location } = renderWithApp(<AppShell />, { url: '/messages?with=u2' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Fmessages%3Fwith%3Du2'));
    await screen.findByRole('button', { name: 'Sign In' });
  });

  it('gives a signed-in user home and the six-item bottom navigation', async () => {
    stubFetch(signedInApi());
    renderWithApp(<AppShell />);
    await screen.findByRole('heading', { name: 'Home' });
    expect(screen.getByText('Your feed')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'For You' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText('No posts yet')).toBeTruthy(); // an empty feed
    const nav = screen.getByTestId('bottom-nav');
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Search', '/search'],
      ['Create', '/create-post'],
      ['Live', '/live'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ]);
    expect(screen.queryByTestId('verification-banner')).toBeNull(); // emailVerified: true
  });

  it('sends a signed-in user away from /login to home', async () => {
    stubFetch(signedInApi());
    const { location } = renderWithApp(<AppShell />, { url: '/login' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('shows the verification banner to an unverified user', async () => {
    stubFetch(signedInApi(testUser({ emailVerified: false })));
    renderWithApp(<AppShell />);
    expect((await screen.findByTestId('verification-banner')).textContent).toContain('jane@example.com');
  });
});

describe("app shell: the first screen's page code", () => {
  it('keeps the spinner (not a Suspense fallback) until that code is in, however soon the session is', async () => {
    stubFetch(signedOutApi());
    let codeIn: (() => void) | undefined;
    const code = awaitFirstPageCode(new Promise<void>((resolve) => (codeIn = resolve)));
    renderWithApp(<AppShell />);
    // The session check is answered; the page's code is not in yet.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('app-loading')).toBeTruthy();
    expect(screen.queryByText('connect, create, rotate')).toBeNull();
    codeIn!();
    await code;
    await screen.findByText('connect, create, rotate');
  });
});

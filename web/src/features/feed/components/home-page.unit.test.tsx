import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const signedIn = (user = testUser()) => stubFetch((url) => (url === '/api/auth/user' ? json(200, user) : json(404, { error: 'not_found', message: 'x' })));

describe('home', () => {
  it('shows the header, the account notices under it, then the feed; the tabs switch locally', async () => {
    const fetch = signedIn(testUser({ emailVerified: false }));
    renderApp();
    const header = (await screen.findByRole('heading', { name: 'Home' })).closest('header')!;
    const banner = screen.getByTestId('verification-banner');
    const feed = screen.getByTestId('feed-empty');
    expect(header.compareDocumentPosition(banner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(banner.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Following' }));
    expect(screen.getByRole('tab', { name: 'Following' }).getAttribute('aria-selected')).toBe('true');
    expect(fetch.mock.calls.every(([u]) => u === '/api/auth/user')).toBe(true); // the tab is never sent
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

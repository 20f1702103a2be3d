import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../testing/stub-fetch.ts';
import { testUser } from '../../testing/fixtures.ts';
import { appToasts } from '../../components/toast/toast-store.ts';
import { AppShell } from '../app-shell.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A signed-in API whose privacy, logout and resend calls answer with these statuses. */
function api({ privacy = 200, logout = 200, resend = 200, emailVerified = true } = {}) {
  let user: ReturnType<typeof testUser> | null = testUser({ emailVerified });
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return user ? json(200, user) : json(401, { error: 'unauthorized', message: 'x' });
    if (url === '/api/users/privacy') {
      if (privacy !== 200) return json(privacy, { error: 'internal', message: 'boom' });
      user = { ...user!, ...JSON.parse(String(init.body)) };
      return json(200, { message: 'Privacy settings saved.' });
    }
    if (url === '/api/auth/logout') {
      user = null;
      return logout === 200 ? json(200, { message: 'Logged out' }) : new Response('', { status: logout });
    }
    if (url === '/api/auth/resend-verification') {
      return resend === 200 ? json(200, { message: 'Sent to jane@example.com' }) : json(resend, { error: 'x', message: 'Too many emails' });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

async function openSettings() {
  const rendered = renderWithApp(<AppShell />);
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return rendered;
}
const toastTitle = () => screen.getByTestId('toast-title').textContent;

describe('verification banner', () => {
  it('resends with an empty JSON body and toasts the server message', async () => {
    const fetch = api({ emailVerified: false });
    renderWithApp(<AppShell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(toastTitle()).toBe('Verification email sent!'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Sent to jane@example.com');
    expect(fetch.mock.calls.find(([u]) => u === '/api/auth/resend-verification')![1]).toMatchObject({ method: 'POST', body: '{}' });
  });

  it('toasts the failure, and can be dismissed for the session', async () => {
    api({ emailVerified: false, resend: 429 });
    renderWithApp(<AppShell />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(toastTitle()).toBe('Failed to send email'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Too many emails');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss verification reminder' }));
    expect(screen.queryByTestId('verification-banner')).toBeNull();
    expect(sessionStorage.getItem('myworld.verification-banner.dismissed')).toBe('1');
    sessionStorage.clear();
  });
});

describe('account settings', () => {
  it('shows who is signed in', async () => {
    api();
    await openSettings();
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByTestId('settings-name').textContent).toBe('Jane Doe');
    expect(screen.getByTestId('settings-email').textContent).toBe('jane@example.com');
    for (const name of ['Change Password', 'Update Email', 'Logout', 'Close']) expect(screen.getByRole('button', { name })).toBeTruthy();
  });

  it('saves a privacy switch and toasts "Privacy Updated"', async () => {
    const fetch = api();
    await openSettings();
    const sw = screen.getByRole('switch', { name: /Hide engagement/ }) as HTMLInputElement;
    expect(sw.checked).toBe(false);
    fireEvent.click(sw);
    await waitFor(() => expect(toastTitle()).toBe('Privacy Updated'));
    const call = fetch.mock.calls.find(([u]) => u === '/api/users/privacy')!;
    expect(call[1]).toMatchObject({ method: 'PATCH', body: '{"hideEngagement":true}' });
    await waitFor(() => expect((screen.getByRole('switch', { name: /Hide engagement/ }) as HTMLInputElement).checked).toBe(true));
  });

  it('toasts "Update Failed" when the privacy call fails', async () => {
    api({ privacy: 500 });
    await openSettings();
    fireEvent.click(screen.getByRole('switch', { name: /Hide activity/ }));
    await waitFor(() => expect(toastTitle()).toBe('Update Failed'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Failed to update privacy settings');
  });

  it('logs out: clears the session and shows the landing page', async () => {
    api();
    const { queryClient } = await openSettings();
    queryClient.setQueryData(['/api/feed'], []);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('connect, create, rotate');
    expect(toastTitle()).toBe('Logged out successfully');
    expect(queryClient.getQueryData(['/api/feed'])).toBeUndefined();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('still logs out locally when the server call fails', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    api({ logout: 500 });
    await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByText('connect, create, rotate');
    expect(toastTitle()).toBe('Logged out');
    expect(log).toHaveBeenCalled();
  });
});

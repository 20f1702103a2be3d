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
  vi.restoreAllMocks();
});

/** A signed-in API whose resend call answers with this status. */
function api({ resend = 200, emailVerified = true } = {}) {
  const user = testUser({ emailVerified });
  return stubFetch((url) => {
    if (url === '/api/auth/user') return json(200, user);
    if (url === '/api/auth/resend-verification') {
      return resend === 200
        ? json(200, { message: 'Sent to jane@example.com' })
        : json(resend, { error: 'x', message: 'Too many emails' });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

const toastTitle = () => screen.getByTestId('toast-title').textContent;

describe('verification banner', () => {
  it('resends with an empty JSON body and toasts the server message', async () => {
    const fetch = api({ emailVerified: false });
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(toastTitle()).toBe('Verification email sent!'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Sent to jane@example.com');
    expect(fetch.mock.calls.find(([u]) => u === '/api/auth/resend-verification')![1]).toMatchObject({
      method: 'POST',
      body: '{}',
    });
  });

  it('toasts the failure, and can be dismissed for the session', async () => {
    api({ emailVerified: false, resend: 429 });
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend email' }));
    await waitFor(() => expect(toastTitle()).toBe('Failed to send email'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Too many emails');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss verification reminder' }));
    expect(screen.queryByTestId('verification-banner')).toBeNull();
    expect(sessionStorage.getItem('myworld.verification-banner.dismissed')).toBe('1');
    sessionStorage.clear();
  });
});

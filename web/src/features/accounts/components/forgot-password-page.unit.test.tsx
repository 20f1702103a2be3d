import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { ForgotPasswordPage } from './forgot-password-page.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));

describe('forgot password page', () => {
  it('asks for an email first', () => {
    const fetch = stubFetch(() => json(200, {}));
    renderWithApp(<ForgotPasswordPage />, { url: '/forgot-password' });
    send();
    expect(screen.getByTestId('toast-title').textContent).toBe('Email required');
    expect(screen.getByTestId('toast-description').textContent).toBe('Please enter your email address.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('turns into "Check Your Email", which can go back to the form or to sign in', async () => {
    const fetch = stubFetch(() => json(200, { message: 'If an account exists, a link is on its way.' }));
    const { location } = renderWithApp(<ForgotPasswordPage />, { url: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'Jane@Example.com' } });
    send();
    await screen.findByRole('heading', { name: 'Check Your Email' });
    expect(screen.getByTestId('reset-link-sent').textContent).toContain('jane@example.com');
    expect(screen.getByTestId('reset-link-sent').textContent).toContain('spam folder');
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'POST', body: '{"email":"jane@example.com"}' });

    fireEvent.click(screen.getByRole('button', { name: 'Try Different Email' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy();
    send();
    await screen.findByRole('heading', { name: 'Check Your Email' });
    fireEvent.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(location.history.at(-1)).toBe('/login');
  });

  it('shows the server message when the request fails', async () => {
    stubFetch(() => json(429, { error: 'rate_limited', message: 'Too many requests. Try again in a minute.' }));
    renderWithApp(<ForgotPasswordPage />, { url: '/forgot-password' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'jane@example.com' } });
    send();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Request failed'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Too many requests. Try again in a minute.');
  });
});

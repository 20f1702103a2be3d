import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { ResetPasswordPage } from './reset-password-page.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('reset password page', () => {
  it('without a token: toasts "Invalid reset link" and goes to /login', async () => {
    const fetch = stubFetch(() => json(200, {}));
    const { location } = renderWithApp(<ResetPasswordPage />, { url: '/reset-password-form' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(screen.getByTestId('toast-title').textContent).toBe('Invalid reset link');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows whether the passwords match and sends the token with the new password', async () => {
    const fetch = stubFetch(() => json(200, { message: 'Your password has been reset.' }));
    const { location } = renderWithApp(<ResetPasswordPage />, { url: '/reset-password-form?token=tok123' });
    type('New password', 'Secret123');
    type('Confirm new password', 'Secret12');
    expect(screen.getByTestId('password-match').textContent).toBe("Passwords don't match");
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByTestId('toast-title').textContent).toBe("Passwords don't match");
    expect(fetch).not.toHaveBeenCalled();

    type('Confirm new password', 'Secret123');
    expect(screen.getByTestId('password-match').textContent).toBe('Passwords match');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/reset-password');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ token: 'tok123', password: 'Secret123' });
  });

  it('refuses a password that breaks the rules', () => {
    stubFetch(() => json(200, {}));
    renderWithApp(<ResetPasswordPage />, { url: '/reset-password-form?token=tok123' });
    type('New password', 'secret');
    type('Confirm new password', 'secret');
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByTestId('toast-title').textContent).toBe('Invalid password');
    expect(screen.getByTestId('toast-description').textContent).toBe(
      'Please ensure your password meets all requirements.',
    );
  });
});

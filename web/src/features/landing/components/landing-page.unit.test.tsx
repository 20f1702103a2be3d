import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { LandingPage } from './landing-page.tsx';

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
  it('shows the brand, tagline, both buttons, the blurbs and the creators strip', () => {
    renderWithApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('MyWorld');
    expect(screen.getByText('connect, create, rotate')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText('+1K')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
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

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { AUTH_MESSAGES } from '@myworld/schemas';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { ConfirmEmailChangePage } from './confirm-email-change-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const confirmButton = () => screen.getByRole('button', { name: 'Confirm email change' });

describe('confirm email change page', () => {
  it('without a token: says the link is invalid, links home and sends nothing', () => {
    const fetch = stubFetch(() => json(200, {}));
    renderWithApp(<ConfirmEmailChangePage />, { url: '/confirm-email-change' });
    expect(screen.getByRole('alert').textContent).toBe(AUTH_MESSAGES.emailChangeLinkInvalid);
    expect(screen.getByRole('link', { name: 'Go to MyWorld' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Confirm email change' })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('waits for the click, then sends the token and shows the new address', async () => {
    const fetch = stubFetch(() => json(200, { message: AUTH_MESSAGES.emailChanged, email: 'jane.new@example.com' }));
    const { queryClient } = renderWithApp(<ConfirmEmailChangePage />, { url: '/confirm-email-change?token=tok123' });
    const refresh = vi.spyOn(queryClient, 'invalidateQueries');
    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    fireEvent.click(confirmButton());
    expect(await screen.findByRole('heading', { name: AUTH_MESSAGES.emailChanged })).toBeTruthy();
    expect(screen.getByText('Your account now uses jane.new@example.com.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to MyWorld' }).getAttribute('href')).toBe('/');
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/auth/email-change/confirm');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ token: 'tok123' });
    expect(refresh).toHaveBeenCalledWith({ queryKey: currentUserQueryKey });
  });

  it("shows the server's message when the link has expired", async () => {
    stubFetch(() => json(410, { error: 'link_expired', message: AUTH_MESSAGES.emailChangeLinkExpired }));
    renderWithApp(<ConfirmEmailChangePage />, { url: '/confirm-email-change?token=old' });
    fireEvent.click(confirmButton());
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.emailChangeLinkExpired);
    expect(screen.getByRole('heading', { name: 'Confirm your new email' })).toBeTruthy();
  });
});

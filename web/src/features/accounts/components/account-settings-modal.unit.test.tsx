import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  forgetLastPosition();
});

/** A signed-in API whose privacy and logout calls answer with these statuses. */
function api({ privacy = 200, logout = 200, deletion = 200 } = {}) {
  let user: ReturnType<typeof testUser> | null = testUser();
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return user ? json(200, user) : json(401, { error: 'unauthorized', message: 'x' });
    if (url === '/api/users/privacy') {
      if (privacy !== 200) return json(privacy, { error: 'internal', message: 'boom' });
      user = { ...user!, ...JSON.parse(String(init.body)) };
      return new Response(JSON.stringify({ message: 'Privacy settings saved.', position: '812/3' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Position': '812/3' },
      });
    }
    if (url === '/api/auth/account' && init.method === 'DELETE') {
      if (deletion !== 200)
        return json(deletion, {
          error: 'wrong_password',
          message: 'The password is incorrect. Your account was not deleted.',
          field: 'password',
        });
      user = null;
      return json(200, { message: 'Your account has been deleted.' });
    }
    if (url === '/api/auth/logout') {
      user = null;
      return logout === 200 ? json(200, { message: 'Logged out' }) : new Response('', { status: logout });
    }
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

async function openSettings() {
  const rendered = renderApp();
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  return rendered;
}
const toastTitle = () => screen.getByTestId('toast-title').textContent;

describe('account settings', () => {
  it('shows who is signed in', async () => {
    api();
    await openSettings();
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
    expect(screen.getByTestId('settings-name').textContent).toBe('Jane Doe');
    expect(screen.getByTestId('settings-email').textContent).toBe('jane@example.com');
    for (const name of ['Change Password', 'Update Email', 'Logout', 'Close'])
      expect(screen.getByRole('button', { name })).toBeTruthy();
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
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Hide engagement/ }) as HTMLInputElement).checked).toBe(true),
    );
    // The user is read back at the change's position, so the switch shows what was saved.
    const reads = fetch.mock.calls
      .filter(([u]) => u === '/api/auth/user')
      .map(([, init]) => (init?.headers as Record<string, string>)['X-Min-Position']);
    expect(reads.at(0)).toBeUndefined();
    expect(reads.at(-1)).toBe('812/3');
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

  it('deletes the account only after the password is given, then signs out', async () => {
    const fetch = api();
    await openSettings();
    fireEvent.click(screen.getByTestId('delete-account'));
    const submit = screen.getByTestId('delete-account-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Sunny-Day-42' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastTitle()).toBe('Your account has been deleted.'));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/account')!;
    expect(JSON.parse(String(init!.body))).toEqual({ password: 'Sunny-Day-42' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Account Settings' })).toBeNull());
  });

  it('Update Email opens its dialog over the settings; Escape closes only that dialog', async () => {
    api();
    await openSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(screen.getByRole('dialog', { name: 'Update Email' }).textContent).toContain('jane@example.com');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Update Email' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
  });

  it('keeps the account and says why when the password is wrong', async () => {
    api({ deletion: 403 });
    await openSettings();
    fireEvent.click(screen.getByTestId('delete-account'));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByTestId('delete-account-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe(
        'The password is incorrect. Your account was not deleted.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
  });
});

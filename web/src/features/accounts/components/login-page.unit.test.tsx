import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp, renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { currentUserQueryKey } from '../../../lib/current-user.ts';
import { LoginPage, REDIRECT_AFTER_LOGIN_MS } from './login-page.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetLastPosition();
});

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const signIn = () => fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

describe('login page', () => {
  it('asks for both fields after trimming', () => {
    const fetch = stubFetch(() => json(200, {}));
    renderWithApp(<LoginPage />, { url: '/login' });
    type('Email', '   ');
    type('Password', 'x');
    signIn();
    expect(screen.getByTestId('toast-title').textContent).toBe('Missing information');
    expect(screen.getByTestId('toast-description').textContent).toBe('Please enter both email and password.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('toggles the password visibility', () => {
    renderWithApp(<LoginPage />, { url: '/login' });
    const input = screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input.type).toBe('password');
  });

  it('welcomes back with the server message and goes to / after 500 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetch = stubFetch((url) =>
      url === '/api/auth/login'
        ? json(200, { message: 'Signed in as jane' })
        : json(401, { error: 'unauthorized', message: 'x' }),
    );
    const { location, queryClient } = renderWithApp(<LoginPage />, { url: '/login' });
    queryClient.setQueryData(currentUserQueryKey, null); // nobody signed in yet
    type('Email', ' Jane@Example.com ');
    type('Password', 'Secret123');
    signIn();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Welcome back!'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Signed in as jane');
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      email: 'jane@example.com',
      password: 'Secret123',
    });
    // The sign-in page stays for 500 ms: refreshing the user now would switch routes at once.
    expect(queryClient.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(false);
    expect(location.history.at(-1)).toBe('/login');
    await act(async () => void (await vi.advanceTimersByTimeAsync(REDIRECT_AFTER_LOGIN_MS)));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(queryClient.getQueryState(currentUserQueryKey)?.isInvalidated).toBe(true); // the user is refreshed
  });

  it('returns to the page in ?next after signing in (a visitor sent here from a signed-in page)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch((url) =>
      url === '/api/auth/login' ? json(200, { message: 'ok' }) : json(401, { error: 'unauthorized', message: 'x' }),
    );
    const { location, queryClient } = renderWithApp(<LoginPage />, { url: '/login?next=%2Fmessages%3Fwith%3Du2' });
    queryClient.setQueryData(currentUserQueryKey, null);
    type('Email', 'jane@example.com');
    type('Password', 'Secret123');
    signIn();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Welcome back!'));
    await act(async () => void (await vi.advanceTimersByTimeAsync(REDIRECT_AFTER_LOGIN_MS)));
    await waitFor(() => expect(location.history.at(-1)).toBe('/messages?with=u2'));
  });

  it('shows the server message, or the default text, when sign-in fails', async () => {
    stubFetch(() => json(401, { error: 'invalid_credentials', message: 'Wrong email or password.' }));
    renderWithApp(<LoginPage />, { url: '/login' });
    type('Email', 'jane@example.com');
    type('Password', 'nope');
    signIn();
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Login failed'));
    expect(screen.getByTestId('toast-description').textContent).toBe('Wrong email or password.');

    vi.unstubAllGlobals();
    stubFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));
    signIn();
    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe('Please check your email and password.'),
    );
  });

  it("reads the signed-in user at the sign-in's position, so home opens with it", async () => {
    let signedIn = false;
    const fetch = stubFetch((url) => {
      if (url === '/api/auth/login') {
        signedIn = true;
        return new Response(JSON.stringify({ message: 'Signed in as jane', position: '42/7' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Position': '42/7' },
        });
      }
      if (url === '/api/auth/user')
        return signedIn ? json(200, testUser()) : json(401, { error: 'unauthorized', message: 'x' });
      return json(404, { error: 'not_found', message: 'x' });
    });
    const { location } = renderApp({ url: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    type('Email', 'jane@example.com');
    type('Password', 'Secret123');
    signIn();
    await screen.findByRole('heading', { name: 'Home' }, { timeout: 3000 });
    expect(location.history.at(-1)).toBe('/');
    const reads = fetch.mock.calls
      .filter(([u]) => u === '/api/auth/user')
      .map(([, init]) => (init?.headers as Record<string, string>)['X-Min-Position']);
    expect(reads[0]).toBeUndefined(); // before signing in
    expect(reads.slice(1)).toEqual(reads.slice(1).map(() => '42/7'));
    expect(reads.length).toBeGreaterThan(1);
  });
});

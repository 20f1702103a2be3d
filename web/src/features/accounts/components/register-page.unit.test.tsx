import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { RegisterPage } from './register-page.tsx';

afterEach(() => {
  cleanup();
  appToasts.dismiss();
  vi.unstubAllGlobals();
});

const field = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => screen.getByRole('button', { name: 'Create Account' }) as HTMLButtonElement;
const rule = (id: string) => screen.getByTestId(`password-rule-${id}`).dataset.passed;
const isoYearsAgo = (years: number, extraDays = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + extraDays);
  return d.toLocaleDateString('en-CA');
};

describe('register page', () => {
  it('ticks each password rule as it is met', () => {
    stubFetch(() => json(200, { available: true }));
    renderWithApp(<RegisterPage />, { url: '/register' });
    expect(['length', 'uppercase', 'lowercase', 'number'].map(rule)).toEqual(['false', 'false', 'false', 'false']);
    type('Password', 'abc');
    expect(['length', 'uppercase', 'lowercase', 'number'].map(rule)).toEqual(['false', 'false', 'true', 'false']);
    type('Password', 'Abcdefg1');
    expect(['length', 'uppercase', 'lowercase', 'number'].map(rule)).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByTestId('password-checklist').textContent).toContain('At least 8 characters');
  });

  it('keeps submit disabled while the password or age is invalid', () => {
    stubFetch(() => json(200, { available: true }));
    renderWithApp(<RegisterPage />, { url: '/register' });
    expect(submit().disabled).toBe(true); // empty password
    type('Password', 'Abcdefg1');
    expect(submit().disabled).toBe(false);
    type('Birth date', isoYearsAgo(13, 1)); // 13th birthday is tomorrow
    expect(submit().disabled).toBe(true);
    expect(screen.getByTestId('age-error').textContent).toBe('You must be at least 13 years old to create an account.');
    type('Birth date', isoYearsAgo(13)); // 13 today
    expect(submit().disabled).toBe(false);
    expect(screen.queryByTestId('age-error')).toBeNull();
  });

  it('forces the username to lowercase a-z0-9_ and blocks a taken one', async () => {
    stubFetch((url) => json(200, { available: !url.endsWith('/taken_name') }));
    renderWithApp(<RegisterPage />, { url: '/register' });
    type('Password', 'Abcdefg1');
    type('Username', 'Taken_Name!');
    expect(field('Username').value).toBe('taken_name');
    expect(submit().disabled).toBe(true); // checking
    await waitFor(
      () => expect(screen.getByTestId('username-status').textContent).toBe('This username is already taken'),
      {
        timeout: 2000,
      },
    );
    expect(submit().disabled).toBe(true);
    type('Username', 'free_name');
    await waitFor(() => expect(screen.getByTestId('username-status').textContent).toBe('Username is available'), {
      timeout: 2000,
    });
    expect(submit().disabled).toBe(false);
  });

  it('asks for the required fields, then registers and lands on / with the user refreshed', async () => {
    let signedIn = false;
    const fetch = stubFetch((url, init) => {
      if (url === '/api/auth/register') {
        signedIn = true;
        return json(201, { message: 'Account created. Check your email to verify it.' });
      }
      if (url === '/api/auth/user')
        return signedIn ? json(200, testUser()) : json(401, { error: 'unauthorized', message: 'x' });
      return json(200, { available: true, init });
    });
    const { location } = renderWithApp(<RegisterPage />, { url: '/register' });
    type('Password', 'Abcdefg1');
    fireEvent.click(submit());
    expect(screen.getByTestId('toast-description').textContent).toBe('Please fill in all required fields.');

    type('First name', 'Jane');
    type('Last name', 'Doe');
    type('Email', 'Jane@Example.com');
    type('Username', 'jane');
    type('Birth date', '2000-01-01');
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.getByTestId('toast-title').textContent).toBe('Account created!');
    const call = fetch.mock.calls.find(([u]) => u === '/api/auth/register')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
      email: 'jane@example.com',
      username: 'jane',
      birthDate: '2000-01-01',
      password: 'Abcdefg1',
    });
  });

  it('shows the server message when registration fails', async () => {
    stubFetch((url) =>
      url === '/api/auth/register'
        ? json(409, { error: 'email_taken', field: 'email', message: 'An account with this email already exists.' })
        : json(200, { available: true }),
    );
    renderWithApp(<RegisterPage />, { url: '/register' });
    for (const [label, value] of [
      ['First name', 'Jane'],
      ['Last name', 'Doe'],
      ['Email', 'jane@example.com'],
      ['Username', 'jane'],
      ['Birth date', '2000-01-01'],
      ['Password', 'Abcdefg1'],
    ] as const)
      type(label, value);
    await waitFor(() => expect(submit().disabled).toBe(false), { timeout: 2000 });
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('toast-title').textContent).toBe('Registration failed'));
    expect(screen.getByTestId('toast-description').textContent).toBe('An account with this email already exists.');
  });
});

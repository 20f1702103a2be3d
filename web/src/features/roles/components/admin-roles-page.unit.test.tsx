import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RoleHolder } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, signedOutApi, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ada: RoleHolder = {
  userId: 'u2',
  username: 'ada',
  roles: ['analyst', 'moderator'],
  since: '2026-11-26T06:00:00.000Z',
};

/** An admin's API: the holders list, and grant / revoke answering the user's roles after. */
function adminApi(holders: RoleHolder[] = [ada]) {
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return json(200, testUser({ roles: ['admin'] }));
    if (url === '/api/admin/roles' && (init.method ?? 'GET') === 'GET') return json(200, { holders, nextCursor: null });
    if (url === '/api/admin/roles' && init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { username: string; role: string };
      if (body.username === 'ghost')
        return json(404, { error: 'not_found', field: 'username', message: 'User not found' });
      return json(200, { userId: 'u3', username: body.username, roles: [body.role], position: '1/1' });
    }
    if (url === '/api/admin/roles' && init.method === 'DELETE')
      return json(200, { userId: 'u2', username: 'ada', roles: ['analyst'], position: '1/2' });
    return json(404, { error: 'not_found', message: 'Not found' });
  });
}

const calls = (fetch: ReturnType<typeof stubFetch>, method: string) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/admin/roles' && (init?.method ?? 'GET') === method);
const bodies = (fetch: ReturnType<typeof stubFetch>, method: string) =>
  calls(fetch, method).map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('/admin/roles', () => {
  it('lists the users holding roles, each role with its revoke button', async () => {
    adminApi();
    renderApp({ url: '/admin/roles' });
    expect(await screen.findByTestId('role-holder-ada')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke analyst from @ada' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke moderator from @ada' })).toBeTruthy();
  });

  it('grants a role by username and role, then reads the list again', async () => {
    const fetch = adminApi();
    renderApp({ url: '/admin/roles' });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: '@bob' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'analyst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    await waitFor(() => expect(bodies(fetch, 'POST')).toEqual([{ username: 'bob', role: 'analyst' }]));
    expect(await screen.findByText('Granted analyst to @bob')).toBeTruthy();
    await waitFor(() => expect(calls(fetch, 'GET').length).toBeGreaterThanOrEqual(2));
  });

  it("shows the server's message when the username is unknown", async () => {
    adminApi();
    renderApp({ url: '/admin/roles' });
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'ghost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Grant' }));
    expect(await screen.findByText('User not found')).toBeTruthy();
  });

  it('revokes one role with its button', async () => {
    const fetch = adminApi();
    renderApp({ url: '/admin/roles' });
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke moderator from @ada' }));
    await waitFor(() => expect(bodies(fetch, 'DELETE')).toEqual([{ username: 'ada', role: 'moderator' }]));
    expect(await screen.findByText('Revoked moderator from @ada')).toBeTruthy();
  });

  it('tells a signed-in user without the admin role they do not have permission, and asks nothing of the admin API', async () => {
    const fetch = stubFetch((url) =>
      url === '/api/auth/user'
        ? json(200, testUser({ roles: ['moderator'] }))
        : json(403, { error: 'forbidden', message: 'no' }),
    );
    renderApp({ url: '/admin/roles' });
    expect(await screen.findByText('You do not have permission to view this page.')).toBeTruthy();
    expect(screen.queryByTestId('grant-role-form')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/api/admin/roles')).toBe(false);
  });

  it('is for signed-in users only: a visitor is sent to sign in first', async () => {
    stubFetch(signedOutApi());
    const { location } = renderApp({ url: '/admin/roles' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login?next=%2Fadmin%2Froles'));
    expect(screen.queryByTestId('admin-roles-page')).toBeNull();
  });
});

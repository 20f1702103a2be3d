import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Role } from '@myworld/schemas';
import { renderApp } from '../../../testing/render-with-app.tsx';
import { json, stubFetch } from '../../../testing/stub-fetch.ts';
import { testUser } from '../../../testing/fixtures.ts';
import { forgetLastPosition } from '../../../lib/api-client.ts';
import { appToasts } from '../../../components/ui/toast/toast-store.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetLastPosition();
  appToasts.dismiss();
});

const settings = {
  autoHideThreshold: 5,
  reportReasons: ['spam', 'harassment', 'hate_speech', 'violence', 'nudity', 'misinformation', 'copyright', 'other'],
};

/** The API of a user with `roles`: the settings, and PUT answered `put` (the body echoed when omitted). */
function api(roles: Role[], put?: () => Response) {
  return stubFetch((url, init) => {
    if (url === '/api/auth/user') return json(200, testUser({ roles }));
    if (url === '/api/reports') return json(200, []);
    if (url === '/api/moderation/settings' && init.method === 'PUT')
      return put ? put() : json(200, { ...settings, ...JSON.parse(String(init.body)), position: '1/1' });
    if (url === '/api/moderation/settings') return json(200, settings);
    return json(404, { error: 'not_found', message: 'x' });
  });
}

const openSettings = async () => {
  fireEvent.click(await screen.findByTestId('moderation-tab-settings', {}, { timeout: 5000 }));
  return (await screen.findByTestId('settings-threshold')) as HTMLInputElement;
};
const puts = (fetch: ReturnType<typeof api>) =>
  fetch.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

describe('the Settings tab', () => {
  it('an admin changes the threshold and the reasons, and is told it is saved', async () => {
    const fetch = api(['admin', 'moderator']);
    renderApp({ url: '/content-moderation' });
    const threshold = await openSettings();
    expect(threshold.value).toBe('5');
    fireEvent.change(threshold, { target: { value: '8' } });
    fireEvent.click(screen.getByTestId('settings-reason-copyright'));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByTestId('toast-title')).toHaveProperty('textContent', 'Settings saved');
    expect(puts(fetch)).toEqual([
      {
        autoHideThreshold: 8,
        reportReasons: ['spam', 'harassment', 'hate_speech', 'violence', 'nudity', 'misinformation', 'other'],
      },
    ]);
    expect((screen.getByTestId('settings-reason-copyright') as HTMLInputElement).checked).toBe(false);
  });

  it("a refused change toasts the server's message", async () => {
    api(['admin'], () =>
      json(400, {
        error: 'validation_failed',
        field: 'autoHideThreshold',
        message: 'autoHideThreshold is at most 100',
      }),
    );
    renderApp({ url: '/content-moderation' });
    fireEvent.change(await openSettings(), { target: { value: '500' } });
    fireEvent.submit(screen.getByTestId('moderation-settings'));
    await waitFor(() =>
      expect(screen.getByTestId('toast-description').textContent).toBe('autoHideThreshold is at most 100'),
    );
    expect(screen.getByTestId('toast-title').textContent).toBe('Could not save the settings');
  });

  it('a moderator sees them read-only: nothing to change, no Save', async () => {
    const fetch = api(['moderator']);
    renderApp({ url: '/content-moderation' });
    const threshold = await openSettings();
    expect(threshold.disabled).toBe(true);
    expect(screen.getByTestId('settings-readonly').textContent).toBe('Only admins can change these settings.');
    expect(screen.queryByTestId('settings-save')).toBeNull();
    expect((screen.getByTestId('settings-reason-spam') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByTestId('settings-reason-spam').closest('fieldset') as HTMLFieldSetElement).disabled).toBe(true);
    expect(puts(fetch)).toEqual([]);
  });
});
